"""Entry point for ``python -m cardtable_gui``."""

from cardtable_gui.app import main

raise SystemExit(main())
