"""Records of hands and matches on layouts with arms: every preset round-trips and replays."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings

from dominoes import HandState, Match, Ruleset
from dominoes.records import HandRecord, MatchRecord, dumps, loads, validate
from strategies import ARMS_PRESETS, VARIANT_SETTINGS, VariantHand, random_hand, spinner_hands

FORMATS = ("toml", "json")


@pytest.mark.parametrize("name", ARMS_PRESETS)
@pytest.mark.parametrize("form", FORMATS)
def test_a_hand_of_every_arms_preset_round_trips_and_replays(name: str, form: str) -> None:
    states = random_hand(Ruleset.preset(name), seed=11)
    record = HandRecord.from_state(states[-1])
    text = dumps(record, format=form)  # type: ignore[arg-type]
    assert validate(text) == []
    again = loads(text)
    assert again == record
    assert isinstance(again, HandRecord)
    assert again.final == states[-1]
    assert again.final.play_points == states[-1].play_points
    assert list(again.replay()) == states
    assert dumps(again, format=form) == text  # type: ignore[arg-type]


def _play_match(rules: Ruleset, seed: int, max_hands: int) -> Match:
    rng = random.Random(seed)
    match = Match.start(rules, seed=seed)
    for _ in range(max_hands):
        while not match.state.is_over and not match.is_over:
            match = match.apply(rng.choice(match.state.legal_moves()))
        if match.is_over:
            break
        match = match.next_hand()
    return match


@pytest.mark.parametrize("name", ARMS_PRESETS)
def test_a_match_of_every_arms_preset_round_trips(name: str) -> None:
    played = _play_match(Ruleset.preset(name), seed=5, max_hands=6)
    record = MatchRecord.from_match(played)
    assert len(record.hands) >= 1
    for form in FORMATS:
        text = dumps(record, format=form)  # type: ignore[arg-type]
        assert validate(text) == []
        again = loads(text)
        assert again == record
        assert isinstance(again, MatchRecord)
        assert again.final == played
        assert again.final.scores == played.scores


@settings(VARIANT_SETTINGS, max_examples=60)
@given(spinner_hands())
def test_random_spinner_hands_round_trip(hand: VariantHand) -> None:
    final: HandState = hand.final
    record = HandRecord.from_state(final)
    for form in FORMATS:
        again = loads(dumps(record, format=form))  # type: ignore[arg-type]
        assert again == record
        assert isinstance(again, HandRecord)
        assert again.final == final
        assert again.final.history == final.history
        assert list(again.replay()) == list(hand.states)
