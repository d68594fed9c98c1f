"""Everything the player sees: the scene stack and its scenes."""
