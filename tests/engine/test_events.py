"""Events show their secret fields only to their audience."""

from croupier.cards import Card
from croupier.engine import HOUSE, NOBODY, PUBLIC, Audience, redact
from croupier.games.punto_banco import Hand
from croupier.games.punto_banco.events import CardBurned, CardDealt, ShoeCut

SEVEN = Card.from_str("7D")


def test_public_events_are_seen_whole():
    event = ShoeCut(by=2, amount=100)
    assert event.audience == PUBLIC
    assert redact(event, None) is event


def test_face_down_cards_are_hidden_from_everyone():
    event = CardDealt(Hand.PUNTO, SEVEN, audience=NOBODY)
    for viewer in (None, 0, 5, HOUSE):
        assert redact(event, viewer) == CardDealt(Hand.PUNTO, None, audience=NOBODY)


def test_a_private_card_is_shown_to_its_audience_only():
    event = CardBurned(SEVEN, audience=Audience.only(3))
    assert redact(event, 3).card == SEVEN  # type: ignore[attr-defined]
    assert redact(event, 2).card is None  # type: ignore[attr-defined]
    assert redact(event, None).card is None  # type: ignore[attr-defined]
