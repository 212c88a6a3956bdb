"""What a seat sees of a train game (docs/rules/trains.md): its `Observation` carries the
hub, the trains and the turn's public facts, lists the seat's legal moves as the state
does, round-trips through `to_dict`, and holds no tile hidden from the seat."""

from __future__ import annotations

from dominoes import Deal, HandState, Ruleset, Tile
from dominoes.moves import End
from dominoes.rules import DoubleFollow


def test_train_shown_voids_record_the_values_of_the_trains_open_to_the_seat() -> None:
    """A pass or a forced draw shows the values of the trains the seat could lay a tile
    on then: under MULTI_DOUBLES, in the extra play a double earns, only the oldest open
    double's (a double could go elsewhere, but lacking one double lacks no value)."""
    rules = Ruleset.preset(
        "mexican-train-6",
        max_pip=3,
        players=2,
        hand_size=3,
        first_turn_run=False,
        double_follow=DoubleFollow.MULTI_DOUBLES,
    )
    t = Tile.parse
    deal = Deal(
        hands=((t("1-3"), t("1-1"), t("0-2")), (t("2-3"), t("0-0"), t("2-2"))),
        boneyard=(t("0-3"), t("0-1"), t("1-2")),
    )
    state = HandState.start(rules, deal).apply_all("1-3:T0 2-3:T1 1-1:T0")
    # seat 0 owes the extra play: a non-double on T0 (1) or a double on T0 (1) or M (3)
    assert state.layout.trains[2].end is End.MEXICAN
    assert state.layout.trains[2].value == 3
    state = state.apply_all("draw pass")
    assert state.observation(1).shown_voids == (frozenset({1}), frozenset())
    # in a plain turn every train open to the seat counts: its own (4) and the Mexican
    plain = HandState.start(
        Ruleset.preset("mexican-train-6", max_pip=4, players=2, hand_size=3),
        Deal(
            hands=((t("0-0"), t("0-1"), t("1-1")), (t("3-4"), t("2-4"), t("2-3"))),
            boneyard=tuple(t(x) for x in ["0-2", "1-2", "2-2", "0-3", "1-3", "3-3", "0-4", "1-4"]),
        ),
    )
    plain = plain.apply_all("draw pass")
    assert plain.observation(1).shown_voids[0] == {4}
    assert plain.markers == (0,)
    plain = plain.apply_all("3-4:M draw")  # seat 1 ends its run on the Mexican train
    assert plain.layout.trains[2].value == 3
    assert plain.observation(1).shown_voids[0] == {3, 4}
