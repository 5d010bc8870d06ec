"""Dragon Kings: the Swords joker variant, wing cards as ranking rules, First Honors and the table session."""
