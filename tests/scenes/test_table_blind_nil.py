"""Blind nil at the Spades table, through the real App with real clicks.

The person at seat 0 sits down at the start of a hand with their side 140 points
behind (the first hand is played out beforehand and the match resumed from its save,
as Continue does). Before any card of their hand is drawn they must be asked whether
to bid blind nil or look at their cards; each answer does what it says.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from test_table_support import bid_button, click, human_turn_ready, make_app, place_bid, run_until, spades_config

from cardtable_gui.card_art import CardArt
from cardtable_gui.cards import Card
from cardtable_gui.persistence.saves import SavedGame, rebuild
from cardtable_gui.rules import get_rules
from cardtable_gui.rules.base import Action
from cardtable_gui.rules.spades import BLIND_NIL, LOOK, Bid, SpadesState
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.card_sprites import CardSprites
from cardtable_gui.seats import AILevel, MatchConfig

SEED = 7


def a_hand_behind(config: MatchConfig) -> tuple[SpadesState, list[Action]]:
    """Play the first hand so that seats 0 and 2 overbid (7 each: 14 of 13 tricks can
    never be made) and the others bid 1, which leaves seat 0's side more than 100
    behind; stop when seat 0 is to choose between blind nil and looking."""
    state = get_rules("spades").new_game(4, seed=config.seed)
    assert isinstance(state, SpadesState)
    actions: list[Action] = []
    while True:
        legal = state.legal_actions()
        if state.to_move == 0 and LOOK in legal:
            return state, actions
        if LOOK in legal:
            action: Action = LOOK
        elif isinstance(legal[0], Bid):
            action = Bid(7) if state.to_move in (0, 2) else Bid(1)
        else:
            action = legal[0]
        state.apply(action)
        actions.append(action)


class Drawn:
    """Every card the table asks to see: faces fetched from the art, and every card
    picture a table piece draws."""

    def __init__(self) -> None:
        self.faces: list[Card] = []
        self.pictures: list[Card] = []


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    record = Drawn()
    face, image = CardArt.face, CardSprites.image

    def spy_face(self: CardArt, card: Card, width: int):  # type: ignore[no-untyped-def]
        record.faces.append(card)
        return face(self, card, width)

    def spy_image(self: CardSprites, card: Card | None, *args, **kwargs):  # type: ignore[no-untyped-def]
        if card is not None:
            record.pictures.append(card)
        return image(self, card, *args, **kwargs)

    monkeypatch.setattr(CardArt, "face", spy_face)
    monkeypatch.setattr(CardSprites, "image", spy_image)
    yield record


@pytest.fixture
def table(tmp_path: Path, drawn: Drawn) -> Iterator[TableScene]:
    app = make_app(tmp_path)
    app.settings.confirm_before_play = False
    config = spades_config(humans=(0,), seed=SEED, level=AILevel.MEDIUM)
    state, actions = a_hand_behind(config)
    game = rebuild(SavedGame.capture(config, actions, state))
    scene = TableScene(app, game.config, resume=game)
    app.scenes.push(scene)
    yield scene
    app.quit()


def own_hand(scene: TableScene) -> set[Card]:
    state = scene.match.state
    assert isinstance(state, SpadesState)
    return set(state.hands[0])


def test_the_choice_comes_before_any_card_of_the_hand_is_drawn(table: TableScene, drawn: Drawn) -> None:
    app = table.app
    run_until(app, lambda: table.table.bidding.visible)
    assert [b.text for b in table.table.bidding.buttons] == ["Bid blind nil", "Look at my cards"]
    assert table.table.bidding.prompt == "Bid blind nil?"
    hand = own_hand(table)
    assert len(hand) == 13
    assert not hand & set(drawn.faces)
    assert not hand & set(drawn.pictures)
    assert [slot.card for slot in table.table.fan.slots] == [None] * 13


def test_bidding_blind_nil(table: TableScene, drawn: Drawn) -> None:
    app = table.app
    run_until(app, lambda: table.table.bidding.visible)
    hand = own_hand(table)
    click(app, bid_button(table, "Bid blind nil"))
    mine = [a for a, seat in zip(table.match.history, table.match.movers, strict=True) if seat == 0]
    assert mine[-1] == BLIND_NIL
    assert not table.table.bidding.visible
    assert not hand & set(drawn.pictures)
    assert table.table.bids[0] == BLIND_NIL
    # The bid made, the cards are picked up to be played (and only now drawn).
    run_until(app, lambda: human_turn_ready(table) and table.table.fan.active)
    assert set(table.table.fan.cards) == hand
    assert hand <= set(drawn.pictures)


def test_looking_at_the_cards_first(table: TableScene, drawn: Drawn) -> None:
    app = table.app
    run_until(app, lambda: table.table.bidding.visible)
    hand = own_hand(table)
    click(app, bid_button(table, "Look at my cards"))
    assert table.match.history[-1] == LOOK
    run_until(app, lambda: table.table.bidding.visible)
    labels = [b.text for b in table.table.bidding.buttons]
    assert labels[:2] == ["Nil", "1"] and "Bid blind nil" not in labels
    app.run_frame(0.1)
    assert set(table.table.fan.cards) == hand
    assert hand <= set(drawn.pictures)
    place_bid(app, table, "3")
    mine = [a for a, seat in zip(table.match.history, table.match.movers, strict=True) if seat == 0]
    assert mine[-2:] == [LOOK, Bid(3)]
