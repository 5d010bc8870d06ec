"""Dragon Kings: the game's own rules."""
