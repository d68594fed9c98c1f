"""The architecture's boundaries (DESIGN.md): rules and AI never touch pygame."""

import subprocess
import sys


def test_rules_and_ai_import_nothing_from_pygame() -> None:
    code = (
        "import sys, cardtable_gui.rules, cardtable_gui.ai, cardtable_gui.ai.registry, "
        "cardtable_gui.simulate; "
        "print('pygame' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
