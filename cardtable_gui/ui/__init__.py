"""Drawing and input building blocks shared by every scene: theme, widgets, toasts,
and the house-rules form built from a game's options model."""
