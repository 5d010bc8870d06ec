"""DECKO: sets, special market cards, the reveal and the wildcard rounds."""
