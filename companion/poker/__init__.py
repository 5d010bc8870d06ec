"""Poker rules: cards, hand rankings per game, pots and showdowns."""
