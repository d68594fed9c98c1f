"""Play across computers: one host holds the game, joining tables see only their seat.

The host's game is the only authority. A joining computer receives its seat's view and
the game's events over an encrypted connection keyed by a short join code, and sends
back only its own seat's actions, which the host checks with the rules like any other.
"""
