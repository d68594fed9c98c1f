"""The ``simulate`` command: headless matches with a report."""

import subprocess
import sys

from cardtable_gui.app import main


def test_simulate_prints_wins_scores_and_speed(capsys) -> None:
    assert main(["simulate", "spades", "--games", "3", "--seats", "heuristic,random,heuristic,random", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "3 games of spades" in out and "games per second" in out and "mean score" in out


def test_simulate_explains_bad_input(capsys) -> None:
    assert main(["simulate", "poker"]) == 2
    assert "no game called 'poker'" in capsys.readouterr().err
    assert main(["simulate", "spades", "--seats", "random,random"]) == 2
    assert "needs 4 seats" in capsys.readouterr().err
    assert main(["simulate", "spades", "--seats", "genius,random,random,random"]) == 2
    err = capsys.readouterr().err
    assert "'genius'" in err and all(kind in err for kind in ("random", "casual", "heuristic", "search"))


def test_simulate_piped_into_a_reader_that_stops_early_prints_no_traceback() -> None:
    command = f"'{sys.executable}' -m cardtable_gui simulate spades --games 5 | true"
    out = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=120)
    assert "Traceback" not in out.stderr
