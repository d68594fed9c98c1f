"""Spades against OpenSpiel: the two engines name the same cards, seats and bids; the
resampler deals only what the bot's player has not seen, as the table allows; and, where
OpenSpiel is installed, a deal plays through with both engines in step."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cardtable_gui.cards import Card, french_deck
from cardtable_gui.rules.spades import LOOK, Bid, Phase, PlayCard, SideResult, SpadesRules, SpadesState

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = ROOT / "benchmarks"
RULES = SpadesRules()


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    # The script imports its neighbour ai_strength, as it does when run from its folder.
    sys.path.insert(0, str(BENCHMARKS))
    try:
        spec = importlib.util.spec_from_file_location("vs_openspiel", BENCHMARKS / "vs_openspiel.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        # Its dataclasses look their module up by name while they are made.
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCHMARKS))


def test_every_card_and_bid_maps_to_openspiel_and_back(bench: ModuleType) -> None:
    moves = [PlayCard(card) for card in french_deck()] + [Bid(tricks) for tricks in range(14)]
    numbers = [bench.to_openspiel(move) for move in moves]
    assert sorted(numbers) == list(range(66))
    assert [bench.from_openspiel(number) for number in numbers] == moves


def test_openspiel_numbers_clubs_to_spades_and_two_to_ace(bench: ModuleType) -> None:
    assert bench.to_openspiel(PlayCard(Card.parse("2C"))) == 0
    assert bench.to_openspiel(PlayCard(Card.parse("10D"))) == 13 + 8
    assert bench.to_openspiel(PlayCard(Card.parse("AS"))) == 51
    assert bench.to_openspiel(Bid(0)) == 52
    assert bench.to_openspiel(Bid(13)) == 65


def test_openspiels_first_player_is_the_seat_after_the_dealer_and_partners_stay_partners(bench: ModuleType) -> None:
    seats = bench.Seats(first=3)
    assert [seats.player(seat) for seat in range(4)] == [1, 2, 3, 0]
    assert all(seats.seat(seats.player(seat)) == seat for seat in range(4))
    assert {seats.player(0) % 2, seats.player(2) % 2} == {1}


def test_openspiel_deals_card_i_to_its_player_i_mod_4(bench: ModuleType) -> None:
    state = RULES.new_game(4, seed=7)
    seats = bench.Seats(state.trick.leader)
    numbers = bench.deal_actions(state.hands, seats)
    for player in range(4):
        dealt = {bench.from_openspiel(n).card for n in numbers[player::4]}
        assert dealt == set(state.hands[seats.seat(player)])


def test_a_hand_is_read_from_openspiels_observation(bench: ModuleType) -> None:
    observation = "S AJ9\nH 986\nD A653\nC 76\n\nNorth East  South  West\n3     4     3     4\n"
    assert sorted(map(str, bench.openspiel_hand(observation))) == sorted(
        "AS JS 9S 9H 8H 6H AD 6D 5D 3D 7C 6C".split()
    )


def test_openspiels_void_suit_reads_as_no_cards(bench: ModuleType) -> None:
    observation = "S AKQJT9876\nH 5432\nD none\nC none\n\nNorth East  South  West\n"
    assert sorted(map(str, bench.openspiel_hand(observation))) == sorted(
        "AS KS QS JS 10S 9S 8S 7S 6S 5H 4H 3H 2H".split()
    )


def test_tricks_are_read_from_openspiels_observation(bench: ModuleType) -> None:
    observation = "S\n\nTricks taken:\n\nNorth East  South  West\n4     5     2     2     \n\nScore: N/S 60 E/W -57"
    assert bench.openspiel_tricks(observation) == [4, 5, 2, 2]


def mid_hand(seed: int, moves: int, void: bool = False) -> SpadesState:
    """A Spades hand ``moves`` cards into the play (and on, when ``void``, until a seat
    has shown a void), every seat having bid 3, the cards played at random."""
    state = RULES.new_game(4, seed=seed)
    rng = random.Random(seed)
    while state.phase is Phase.BIDDING:
        state.apply(LOOK if LOOK in state.legal_actions() else Bid(3))
    played = 0
    while played < moves or (void and not any(state.view(None).known_voids().values())):
        state.apply(rng.choice(state.legal_actions()))
        played += 1
    return state


@pytest.mark.parametrize("seed", range(12))
def test_the_resampler_moves_only_unseen_cards_and_keeps_counts_and_voids(bench: ModuleType, seed: int) -> None:
    state = mid_hand(seed, moves=17 + seed, void=True)
    seat = state.to_move
    view = state.view(seat)
    played = bench.played_cards(view)
    voids = view.known_voids()
    for sample in range(20):
        dealt = bench.dealt_hands(view, random.Random(sample))
        assert sorted(card.key for hand in dealt for card in hand) == sorted(card.key for card in french_deck())
        for other in range(4):
            assert len(dealt[other]) == 13
            assert dealt[other][: len(played[other])] == played[other]
            unplayed = dealt[other][len(played[other]) :]
            assert len(unplayed) == len(state.hands[other])
            assert not any(card.suit in voids[other] for card in unplayed)
        assert sorted(dealt[seat][len(played[seat]) :], key=lambda card: card.key) == sorted(
            view.hand, key=lambda card: card.key
        )


def test_the_resampler_really_redeals_the_others(bench: ModuleType) -> None:
    view = mid_hand(3, moves=9).view(0)
    deals = {tuple(map(tuple, bench.dealt_hands(view, random.Random(sample)))) for sample in range(10)}
    assert len(deals) > 1


def test_the_ceiling_plays_the_hand_it_is_shown(bench: ModuleType) -> None:
    state = mid_hand(5, moves=6)
    seat = state.to_move
    assert seat is not None
    ceiling = bench.our_agent("ceiling", seat, 1, state)
    world = ceiling._deal(state.view(seat), None)
    assert world.hands == state.hands


def test_the_report_says_what_each_side_bid_took_how_often_it_was_set_and_what_nil_gave(bench: ModuleType) -> None:
    def side(contract: int, tricks: int, nil: int = 0) -> SideResult:
        return SideResult((0, 2), contract, tricks, 0, nil, 0, 0, 0, 0, 0)

    hands = [side(6, 7), side(5, 3, nil=100), side(4, 4, nil=-100), side(7, 8, nil=100)]
    assert bench.contracts("our side", hands) == (
        "our side bid 5.5 and took 5.5 tricks, set in 25% of hands; nil bids +25.0 points a hand"
    )


def test_without_openspiel_the_script_says_so_in_one_line(bench: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    monkeypatch.setattr(sys, "argv", ["vs_openspiel.py", "--deals", "1"])
    assert bench.main() == 2
    out = capsys.readouterr()
    assert out.out.count("\n") == 1 and "OpenSpiel is not installed" in out.out
    assert "Traceback" not in out.err


def test_one_deal_against_ismcts_plays_through_with_both_engines_in_step() -> None:
    pytest.importorskip("pyspiel")
    run = subprocess.run(
        [sys.executable, str(BENCHMARKS / "vs_openspiel.py"), "--deals", "1", "--sims", "5", "--ours", "medium"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr
    assert "ours minus theirs" in run.stdout
    assert "replaced by its best legal one: 0" in run.stdout

