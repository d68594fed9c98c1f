"""Entry point for ``python -m cardtable_gui``."""

from cardtable_gui.app import main

# The guard matters: a spawned agents' process imports this module again.
if __name__ == "__main__":
    raise SystemExit(main())
