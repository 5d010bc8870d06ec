"""The Dungeon of D shell and its screen layout for a terminal."""
