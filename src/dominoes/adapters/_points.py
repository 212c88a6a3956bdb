"""What both adapters need of the points scored during a hand (rules PLAY-1 to PLAY-4,
docs/rules/spinner.md): the share of each seat in points scored so far, and a bound on
them; and the bounds of the observation vector (`observation_high`). Needs no extra."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from dominoes.codec import ActionCodec, ObservationEncoder
from dominoes.rules import DrawRule, PlayScoring, Ruleset, Scoring
from dominoes.scoring import play_points

__all__ = ["most_play_points", "observation_high", "shares"]


def shares(rules: Ruleset, points: Sequence[int], zero_sum: bool) -> tuple[Fraction, ...]:
    """Per seat, what ``points`` (per seat, partners holding their side's, as
    `HandState.play_points` and `HandResult.points` give them) pay it, exactly.

    With ``zero_sum``, a seat's side's points minus the mean of the other sides' points,
    negated under `Scoring.PENALTY` (what `dominoes.scoring.zero_sum_returns` pays for a
    result's points); else the points themselves.
    """
    if not zero_sum:
        return tuple(Fraction(p) for p in points)
    sign = -1 if rules.scoring is Scoring.PENALTY else 1
    by_side = [(team, points[team[0]]) for team in rules.teams]
    total = sum(p for _team, p in by_side)
    others = len(by_side) - 1
    out = [Fraction(0)] * rules.players
    for team, p in by_side:
        margin = sign * (p - Fraction(total - p, others))
        for seat in team:
            out[seat] = margin
    return tuple(out)


def most_play_points(rules: Ruleset) -> int:
    """An upper bound on the points one side's plays can score in a hand: a side lays at
    most every tile of the set, and a play scores at most what the largest end count
    scores (both halves of the highest double at the end of each arm; under Bergen's
    headers, two halves at the end of each arm). 0 in a game that scores nothing on
    play."""
    if rules.play_scoring is PlayScoring.NONE:
        return 0
    arms = ActionCodec(rules).arms
    if rules.play_scoring is PlayScoring.BERGEN:  # HEADER-1: two halves an end at most
        return rules.tile_set.size * 2 * arms
    counts = range(2 * rules.max_pip * arms + 1)
    return rules.tile_set.size * max(play_points(rules, count) for count in counts)


def observation_high(rules: Ruleset, encoder: ObservationEncoder) -> list[float]:
    """The upper bound of every entry of the `ObservationEncoder` vector of ``rules``
    (the ``high`` of an observation space)."""
    tiles = rules.tile_set.size
    parts = {section.name: section for section in encoder.sections()}
    high = [1.0] * encoder.size

    def bound(name: str, value: int) -> None:
        span = parts[name].span
        high[span] = [float(value)] * len(high[span])

    # hand sizes: a seat holds at most its deal, plus the whole boneyard if it draws
    if rules.drawing is DrawRule.NONE:
        bound("hand_sizes", rules.hand_size)
    else:
        bound("hand_sizes", tiles - (rules.players - 1) * rules.hand_size)
    bound("boneyard", tiles - rules.players * rules.hand_size)
    if "end_count" in parts:  # a layout with arms: each arm's end counts at most 2 * max_pip
        bound("end_count", 2 * rules.max_pip * parts["arm_doubles"].size)
        bound("play_points", most_play_points(rules))
    if "train_tiles" in parts:  # a train game: a train carries at most every tile
        bound("train_tiles", tiles)
    return high
