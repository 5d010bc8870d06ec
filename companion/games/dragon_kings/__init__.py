"""Dragon Kings: the Swords joker variant, wing cards as ranking rules, the table session."""
