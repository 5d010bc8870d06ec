"""Dungeon Poker: the rules of the game at the table."""
