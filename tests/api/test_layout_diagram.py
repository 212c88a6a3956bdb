"""Tests of `dominoes.render.diagram`, the text picture of a hand used by the rules pages."""

from __future__ import annotations

import random
import re

import attrs
import pytest

from dominoes import (
    Deal,
    DrawRule,
    End,
    EngineSource,
    FaultMode,
    FaultPenalty,
    HandState,
    Opening,
    Play,
    PlayScale,
    PlayScoring,
    Ruleset,
    SpinnerFill,
    SpinnerRule,
    Tile,
    TileSet,
)
from dominoes.errors import ArgumentTypeError, ArgumentValueError, EmptyLayoutError
from dominoes.render import diagram
from dominoes.scoring import play_points
from scenario import DEAL_V, OPENING_V, THREE, play_moves

THREE_DEAL = DEAL_V
UP_TO_THE_PASS = OPENING_V


def rows(text: str) -> dict[str, str]:
    """The diagram's lines by label (labels are unique except ``seat N``, which carry N)."""
    out: dict[str, str] = {}
    for line in text.split("\n"):
        label, text_part = line[:10].rstrip(), line[10:]
        assert label not in out
        out[label] = text_part
    return out


def test_before_the_lead_shows_hands_boneyard_and_the_leader() -> None:
    text = diagram(HandState.start(THREE, THREE_DEAL))
    assert text.split("\n") == [
        "line      (empty)",
        "seat 0    2-2 3-3  10 pips",
        "seat 1    0-0 0-1  1 pip",
        "seat 2    1-1 1-3  6 pips",
        "boneyard  1-2 0-3 0-2 2-3  (4 tiles)",
        "turn      seat 0 to lead",
    ]


def test_lead_marker_follows_the_lead_tile_as_the_line_grows_left() -> None:
    state = play_moves(HandState.start(THREE, THREE_DEAL), UP_TO_THE_PASS)
    assert str(state.layout) == "[3|2][2|0][0|3][3|3][3|1][1|0]"
    got = rows(diagram(state))
    # 3-3, the lead, is the fourth tile: 3 tiles of 5 characters lie to its left.
    assert got["lead"] == " " * 15 + "^^^^^"
    assert got["line"][15:20] == "[3|3]"
    assert got["ends"] == "left 3, right 0"
    assert got["boneyard"] == "-"
    assert got["seat 0"] == "2-2      4 pips"
    assert got["turn"] == "seat 0 to move"
    assert "round" not in got


def test_the_lead_is_found_for_a_state_built_from_a_position() -> None:
    state = play_moves(HandState.start(THREE, THREE_DEAL), UP_TO_THE_PASS)
    rebuilt = HandState.from_position(state.position(), THREE)
    assert rebuilt.history == ()
    assert diagram(rebuilt) == diagram(state)


def test_an_open_round_shows_the_proposer_the_confirmations_and_who_is_left() -> None:
    state = play_moves(HandState.start(THREE, THREE_DEAL), UP_TO_THE_PASS + " pass")
    got = rows(diagram(state))
    assert got["round"] == "proposed by seat 0; confirmed seat 0; waiting for seats 1 2"
    assert got["turn"] == "seat 1 to move"


def test_a_blocked_hand_shows_the_completed_round_and_the_result() -> None:
    state = play_moves(
        HandState.start(THREE, THREE_DEAL), UP_TO_THE_PASS + " pass 0-0:R pass pass pass"
    )
    got = rows(diagram(state))
    assert got["round"] == "proposed by seat 2; confirmed seats 2 0 1"
    assert got["turn"] == "over (blocked), won by seat 2; points 0 0 7"


def test_a_drawn_hand_has_no_winner() -> None:
    deal = Deal(
        hands=[
            ["6-6", "0-0", "0-1", "1-1", "2-2", "3-3", "4-4"],
            ["5-6", "0-2", "1-2", "0-3", "1-3", "2-3", "0-4"],
        ],
        boneyard=[
            *("1-4", "2-4", "3-4", "0-5", "1-5", "2-5", "3-5"),
            *("4-5", "5-5", "0-6", "1-6", "2-6", "3-6", "4-6"),
        ],
    )
    state = play_moves(HandState.start(Ruleset.block(), deal), "6-6 5-6:R pass pass")
    got = rows(diagram(state))
    assert got["turn"] == "over (blocked), no winner; points 0 0"
    assert got["boneyard"].endswith("(14 tiles)")


def test_a_domino_shows_an_empty_hand_as_a_dash() -> None:
    rules = Ruleset(max_pip=3, players=3, hand_size=2)
    deal = Deal(
        hands=[["3-3", "2-3"], ["1-1", "1-3"], ["0-1", "2-2"]],
        boneyard=["0-0", "0-2", "1-2", "0-3"],
    )
    state = play_moves(HandState.start(rules, deal), "3-3 1-3:R 0-1:R 2-3:L")
    got = rows(diagram(state))
    assert got["seat 0"] == "-    0 pips"
    assert got["turn"] == "over (domino), won by seat 0; points 6 0 0"


def test_partnership_adds_a_line_with_each_sides_pips() -> None:
    rules = Ruleset(max_pip=3, players=4, hand_size=2, partnership=True)
    deal = Deal(
        hands=[["3-3", "0-2"], ["1-1", "1-3"], ["2-2", "2-3"], ["0-1", "1-2"]],
        boneyard=["0-0", "0-3"],
    )
    state = play_moves(HandState.start(rules, deal), "3-3 1-3:R 2-3:L 1-2:R 0-2:L")
    got = rows(diagram(state))
    assert got["sides"] == "0+2 4 pips, 1+3 3 pips"
    assert got["turn"] == "over (domino), won by seats 0 2; points 3 0 3 0"
    assert "sides" not in rows(diagram(HandState.start(THREE, THREE_DEAL)))


def test_a_boneyard_floor_is_shown_with_the_boneyard() -> None:
    rules = Ruleset(
        max_pip=3, players=2, hand_size=3, drawing=DrawRule.UNTIL_PLAYABLE, boneyard_floor=2
    )
    deal = Deal(
        hands=[["3-3", "0-3", "1-3"], ["0-0", "0-1", "1-1"]],
        boneyard=["0-2", "1-2", "2-2", "2-3"],
    )
    got = rows(diagram(HandState.start(rules, deal)))
    assert got["boneyard"] == "0-2 1-2 2-2 2-3  (4 tiles; the last 2 are never drawn)"


def test_one_tile_in_the_boneyard_is_singular() -> None:
    state = play_moves(HandState.start(THREE, THREE_DEAL), "3-3 draw draw 0-3:L 1-3:R draw")
    assert rows(diagram(state))["boneyard"] == "2-3  (1 tile)"


def test_faults_are_listed_with_their_seat_kind_and_move() -> None:
    rules = Ruleset(
        max_pip=3, players=2, hand_size=4, faults=FaultMode.TOLERANT,
        fault_penalty=FaultPenalty.NONE,
    )  # fmt: skip
    deal = Deal(
        hands=[["3-3", "0-0", "1-2", "2-3"], ["0-1", "1-1", "2-2", "1-3"]],
        boneyard=["0-2", "0-3"],
    )
    state = play_moves(HandState.start(rules, deal), "3-3 pass")
    got = rows(diagram(state))
    assert got["faults"] == "seat 1 false pass (move 1)"
    forfeit = attrs.evolve(rules, fault_penalty=FaultPenalty.FORFEIT_HAND)
    ended = play_moves(HandState.start(forfeit, deal), "3-3 pass")
    assert rows(diagram(ended))["turn"].startswith("over (forfeit), won by seat 0")


def test_a_conceded_hand_names_the_seat_that_conceded() -> None:
    rules = Ruleset(max_pip=3, players=3, hand_size=2)
    deal = Deal(
        hands=[["3-3", "0-1"], ["0-2", "1-2"], ["1-1", "2-2"]],
        boneyard=["0-0", "0-3", "1-3", "2-3"],
    )
    state = play_moves(HandState.start(rules, deal), "3-3").concede(2)
    assert rows(diagram(state))["turn"] == "over (conceded by seat 2), won by seat 0; points 11 0 0"


def test_no_line_has_trailing_spaces_and_every_label_fits_its_column() -> None:
    rng = random.Random(11)
    for players, partnership in ((2, False), (3, False), (4, True)):
        rules = Ruleset.draw(players, partnership=partnership)
        state = HandState.start(rules, Deal.random(rules, seed=rng.randrange(1000)))
        while True:
            for line in diagram(state).split("\n"):
                assert line == line.rstrip()
                assert line[8:10] == "  " or line.startswith("boneyard  ")
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_moves()))


def test_the_line_is_the_layout_and_the_seat_lines_are_the_hands() -> None:
    rng = random.Random(5)
    rules = Ruleset.block(4, partnership=True)
    state = HandState.start(rules, Deal.random(rules, seed=5))
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
        got = rows(diagram(state))
        assert got["line"] == str(state.layout)
        for seat in range(4):
            tiles = got[f"seat {seat}"].split("  ")[0].split()
            assert tiles == ([str(t) for t in state.hand(seat)] or ["-"])
        lead = got["lead"].index("^") // 5
        assert state.layout.tiles[lead] == state.history[0].move.tile  # type: ignore[union-attr]


@pytest.mark.parametrize("bad", [None, "d6 - - - 0 play", Ruleset.block(), Tile(1, 2)])
def test_anything_but_a_hand_state_is_refused(bad: object) -> None:
    with pytest.raises(ArgumentTypeError, match="state must be a HandState") as info:
        diagram(bad)  # type: ignore[arg-type]
    assert isinstance(info.value, TypeError)
    assert info.value.argument == "state"


def test_an_empty_layout_has_no_ends_and_no_length() -> None:
    empty = HandState.start(THREE, THREE_DEAL).layout
    assert empty.ends == ()
    assert len(empty) == 0
    with pytest.raises(EmptyLayoutError, match="the layout is empty: it has no left end") as info:
        empty.end(End.LEFT)
    assert isinstance(info.value, IndexError)
    with pytest.raises(ArgumentTypeError, match=r"end must be an End \(End\.LEFT, End\.RIGHT"):
        empty.end(0)  # type: ignore[arg-type]


# ---------------------------------------------------------------- a seat's view, the table's

TILE = re.compile(r"(?<![\w|-])(\d+)-(\d+)(?![\w|-])|\[(\d+)\|(\d+)\]")


def tiles_named(text: str) -> set[Tile]:
    """The tiles a picture names, as ``4-6`` (in a hand or the boneyard) or ``[4|6]``."""
    found = set()
    for m in TILE.finditer(text):
        a, b = (m.group(1), m.group(2)) if m.group(1) is not None else (m.group(3), m.group(4))
        found.add(Tile(int(a), int(b)))
    return found


def test_a_seats_view_shows_its_own_hand_and_counts_the_others() -> None:
    state = play_moves(HandState.start(THREE, THREE_DEAL), "3-3 draw draw 0-3:L")
    assert diagram(state.observation(1)).split("\n") == [
        "line      [0|3][3|3]",
        "lead           ^^^^^",
        "ends      left 0, right 3",
        "seat 0    1 tile",
        "seat 1    0-0 0-1 1-2  4 pips",
        "seat 2    2 tiles",
        "boneyard  2 tiles",
        "turn      seat 2 to move",
    ]
    assert rows(diagram(state, public=True))["seat 1"] == "3 tiles"
    assert rows(diagram(state))["seat 1"] == "0-0 0-1 1-2  4 pips"


def test_the_tables_view_is_the_same_from_every_seat_and_shows_no_hand() -> None:
    rules = Ruleset(
        max_pip=3, players=2, hand_size=3, drawing=DrawRule.UNTIL_PLAYABLE, boneyard_floor=2
    )
    deal = Deal(
        hands=[["3-3", "0-3", "1-3"], ["0-0", "0-1", "1-1"]],
        boneyard=["0-2", "1-2", "2-2", "2-3"],
    )
    state = HandState.start(rules, deal)
    table = diagram(state, public=True)
    assert table.split("\n") == [
        "line      (empty)",
        "seat 0    3 tiles",
        "seat 1    3 tiles",
        "boneyard  4 tiles; the last 2 are never drawn",
        "turn      seat 0 to lead",
    ]
    assert all(diagram(state.observation(s), public=True) == table for s in range(2))


def test_once_the_hand_is_over_every_view_shows_every_hand_but_not_the_boneyard() -> None:
    rules = Ruleset(max_pip=3, players=3, hand_size=2)
    deal = Deal(
        hands=[["3-3", "2-3"], ["1-1", "1-3"], ["0-1", "2-2"]],
        boneyard=["0-0", "0-2", "1-2", "0-3"],
    )
    state = play_moves(HandState.start(rules, deal), "3-3 1-3:R 0-1:R 2-3:L")
    onlooker = rows(diagram(state))
    assert onlooker["boneyard"] == "0-0 0-2 1-2 0-3  (4 tiles)"
    for view in (diagram(state.observation(1)), diagram(state, public=True)):
        got = rows(view)
        assert got["boneyard"] == "4 tiles"
        assert {k: v for k, v in got.items() if k != "boneyard"} == {
            k: v for k, v in onlooker.items() if k != "boneyard"
        }


@pytest.mark.parametrize(
    ("rules", "seed"),
    [
        (Ruleset.draw(), 1),
        (Ruleset.draw(3), 2),
        (Ruleset.block(4, partnership=True), 3),
        (Ruleset.draw(4, max_pip=9, partnership=True), 4),
        (Ruleset.preset("mexican-train-6", players=3), 1),
        (Ruleset.preset("mexican-train-6", players=4, first_turn_run=False), 2),
        (Ruleset.preset("private-trains", max_pip=6, players=2, hand_size=7), 3),
        (Ruleset.preset("mexican-train-6", engine_source=EngineSource.HOLDER), 4),
    ],
)
def test_no_view_names_a_tile_its_reader_cannot_see(rules: Ruleset, seed: int) -> None:
    """Through whole hands: a seat's view names only its own hand and the line of play
    (every hand once it is over), the table's view only the line; every view agrees with
    the onlooker's on everything else but the hands, the sides and the boneyard."""
    rng = random.Random(seed)
    state = HandState.start(rules, Deal.random(rules, seed=seed))
    while True:
        laid = set(state.layout.tiles)
        every = set().union(*map(set, state.hands)) | laid
        onlooker = rows(diagram(state))
        table = diagram(state, public=True)
        assert tiles_named(table) <= (every if state.is_over else laid)
        for seat in range(rules.players):
            view = state.observation(seat)
            mine = diagram(view)
            assert tiles_named(mine) <= (every if state.is_over else laid | set(state.hand(seat)))
            assert rows(mine)[f"seat {seat}"].split() == onlooker[f"seat {seat}"].split()
            assert diagram(view, public=True) == table
            for label, text in rows(mine).items():
                if not label.startswith(("seat", "sides", "boneyard")):
                    assert text == onlooker[label]
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_moves()))


def test_a_width_breaks_the_line_of_play_between_tiles_and_the_rest_between_words() -> None:
    rules = Ruleset.draw(4, max_pip=9, partnership=True)
    rng = random.Random(8)
    state = HandState.start(rules, Deal.random(rules, seed=8))
    for _ in range(30):
        state = state.apply(rng.choice(state.legal_moves()))
    whole = diagram(state)
    for width in (20, 33, 40, 80):
        lines = diagram(state, width=width).split("\n")
        assert max(map(len, lines)) <= width
        labels = [line[:10].rstrip() for line in lines]
        lead = labels.index("lead")
        line_parts = [
            line[10:] for line in lines[: labels.index("ends")] if not line.startswith("lead")
        ]
        assert "".join(line_parts) == str(state.layout)  # broken between tiles only
        above = lines[lead - 1][10:]  # the part of the line that holds the lead tile
        at = lines[lead].index("^") - 10
        assert tiles_named(above[at : at + 5]) == {state.history[0].move.tile}  # type: ignore[union-attr]
        # every other row is the unbroken one, its words joined again
        rest = [(label, line[10:]) for label, line in zip(labels, lines, strict=True)]
        joined: dict[str, str] = {}
        current = ""
        for label, text in rest:
            if label:
                current = label
                joined[label] = text
            elif current != "line":
                joined[current] += " " + text
        unbroken = rows(whole)
        for label in ("ends", "seat 0", "seat 3", "sides", "boneyard", "turn"):
            assert joined[label].split() == unbroken[label].split()
    assert diagram(state, width=10_000) == whole


def test_the_lead_carets_cover_a_wide_tile() -> None:
    rules = Ruleset(max_pip=12, players=2, hand_size=2)
    hands = [[Tile(10, 10), Tile(0, 0)], [Tile(9, 10), Tile(1, 1)]]
    rest = [t for t in TileSet(max_pip=12).tiles if t not in {*hands[0], *hands[1]}]
    deal = Deal(hands=hands, boneyard=rest)
    got = rows(diagram(play_moves(HandState.start(rules, deal), "10-10 9-10:L")))
    assert got["line"] == "[9|10][10|10]"
    assert got["lead"] == " " * 6 + "^" * 7


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"public": 1}, ArgumentTypeError, "public must be True or False, got 1"),
        ({"width": "80"}, ArgumentTypeError, "width must be an int or None, got '80'"),
        ({"width": True}, ArgumentTypeError, "width must be an int or None, got True"),
        ({"width": 19}, ArgumentValueError, "width must be at least 20, got 19"),
    ],
)
def test_bad_options_are_refused(
    kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=re.escape(message)) as info:
        diagram(HandState.start(THREE, THREE_DEAL), **kwargs)  # type: ignore[arg-type]
    assert info.value.argument == next(iter(kwargs))  # type: ignore[attr-defined]


# ---------------------------------------------------------------- layouts with arms

ALL_FIVES = Ruleset.draw(
    hand_size=5,
    opening=Opening.SEAT_ANY_TILE,
    spinner=SpinnerRule.FIRST_DOUBLE,
    play_scoring=PlayScoring.FIVES,
    round_to=5,
)
# seat 0 leads 6-6; both players play a tile on every turn and seat 0 goes out
ARMS_DEAL = Deal(
    hands=[["6-6", "2-6", "0-6", "0-5", "2-2"], ["3-6", "5-6", "3-3", "4-4", "1-5"]],
    boneyard=[
        *("0-0", "0-1", "1-1", "0-2", "1-2", "0-3", "1-3", "2-3", "0-4", "1-4", "2-4"),
        *("3-4", "2-5", "3-5", "4-5", "5-5", "1-6", "4-6"),
    ],
)


def on_arms(state: HandState, moves: str) -> HandState:
    """Apply moves written as tokens (``6-6``, ``5-6:U``, ``0-5:A4``) as `Move` values."""
    for text in moves.split():
        tile, _, end = text.partition(":")
        move = Play(tile=Tile.parse(tile), end=End.from_token(end) if end else None)
        state = state.apply(move)
    return state


def test_a_layout_with_arms_draws_each_short_side_its_ends_count_and_play_points() -> None:
    state = on_arms(HandState.start(ALL_FIVES, ARMS_DEAL), "6-6 3-6:L 2-6:R 5-6:U")
    assert diagram(state).split("\n") == [
        "line      [3|6][6|6][6|2]",
        "lead           ^^^^^",
        "arm U     [6|5]  open, spinner 6-6 (lead)",
        "arm D     -  open, spinner 6-6 (lead)",
        "ends      L 3, R 2, U 5, D 6; count 10",
        "points    5 25 scored on play",
        "seat 0    2-2 0-5 0-6  15 pips",
        "seat 1    3-3 4-4 1-5  20 pips",
        "boneyard  0-0 0-1 1-1 0-2 1-2 0-3 1-3 2-3 0-4 1-4 2-4 3-4 2-5 3-5 4-5 5-5 1-6 4-6"
        "  (18 tiles)",
        "turn      seat 0 to move",
    ]


def test_short_sides_wait_until_both_long_sides_carry_a_tile() -> None:
    state = on_arms(HandState.start(ALL_FIVES, ARMS_DEAL), "6-6")
    got = rows(diagram(state))
    assert got["arm U"] == got["arm D"] == "-  waiting, spinner 6-6 (lead)"
    assert got["ends"] == "L 6, R 6; count 12"  # COUNT-3: a double lead counts 12
    assert got["points"] == "0 0 scored on play"
    state = on_arms(state, "3-6:L")
    assert rows(diagram(state))["ends"] == "L 3, R 6; count 15"  # COUNT-2
    assert rows(diagram(state))["points"] == "0 15 scored on play"
    before = rows(diagram(HandState.start(ALL_FIVES, ARMS_DEAL)))
    assert before["line"] == "(empty)"
    assert not {"lead", "ends", "points", "arm U"} & set(before)


def test_a_short_side_that_took_its_tile_is_closed_under_one_tile_each_side() -> None:
    sniff = attrs.evolve(ALL_FIVES, spinner_fill=SpinnerFill.ONE_TILE_EACH_SIDE)
    state = on_arms(HandState.start(sniff, ARMS_DEAL), "6-6 3-6:L 2-6:R 5-6:U")
    got = rows(diagram(state))
    assert got["arm U"] == "[6|5]  closed, spinner 6-6 (lead)"
    assert got["arm D"] == "-  open, spinner 6-6 (lead)"
    assert got["ends"] == "L 3, R 2, D 6; count 10"  # U is closed, and still counts 5


def test_a_finished_hand_lists_the_ends_that_count_and_no_arm_state() -> None:
    state = on_arms(
        HandState.start(ALL_FIVES, ARMS_DEAL), "6-6 3-6:L 2-6:R 5-6:U 0-6:D 3-3:L 2-2:R 1-5:U 0-5:D"
    )
    got = rows(diagram(state))
    assert got["line"] == "[3|3][3|6][6|6][6|2][2|2]"
    assert got["lead"] == " " * 10 + "^^^^^"
    assert got["arm U"] == "[6|5][5|1]  spinner 6-6 (lead)"
    assert got["arm D"] == "[6|0][0|5]  spinner 6-6 (lead)"
    assert got["ends"] == "L 3, R 2, U 1, D 5; count 16"  # 6 + 4 + 1 + 5: doubles at L, R
    assert got["points"] == "30 25 scored on play"
    # the end points (seat 1's 8 pips, rounded to 10) and the play points
    assert got["turn"] == "over (domino), won by seat 0; points 40 25"


def test_later_spinners_name_the_arm_they_lie_on() -> None:
    five_up = Ruleset.draw(
        hand_size=6,
        opening=Opening.SEAT_ANY_TILE,
        spinner=SpinnerRule.EVERY_DOUBLE,
        play_scoring=PlayScoring.FIVES,
        play_scale=PlayScale.PER_FIVE,
    )
    hands = [["6-6", "1-6", "3-3", "3-5", "0-0", "0-1"], ["2-6", "3-6", "0-6", "5-5", "0-5", "1-1"]]
    dealt = {Tile.parse(t) for hand in hands for t in hand}
    deal = Deal(hands=hands, boneyard=[t for t in TileSet.double(6).tiles if t not in dealt])
    state = on_arms(HandState.start(five_up, deal), "6-6 2-6:L 1-6:R 3-6:U 3-3:U 0-6:D 3-5:U 5-5:U")
    text = diagram(state)
    assert text.split("\n")[:9] == [
        "line      [2|6][6|6][6|1]",
        "lead           ^^^^^",
        "arm U     [6|3][3|3][3|5][5|5]  open, spinner 6-6 (lead)",
        "arm D     [6|0]  open, spinner 6-6 (lead)",
        "arm A4    -  open, spinner 3-3 on U",
        "arm A5    -  open, spinner 3-3 on U",
        "arm A6    -  waiting, spinner 5-5 on U",
        "arm A7    -  waiting, spinner 5-5 on U",
        "ends      L 2, R 1, U 5, D 0, A4 3, A5 3; count 13",  # 5-5 at U's end counts 10
    ]
    for width in (20, 30, 40):
        lines = diagram(state, width=width).split("\n")
        assert max(map(len, lines)) <= width
        assert all(line == line.rstrip() and "\N{NO-BREAK SPACE}" not in line for line in lines)
        labels = [line[:10].rstrip() for line in lines]
        # the arm's tiles, broken between tiles, join again to the unbroken row's
        at = labels.index("arm U")
        parts = [lines[at][10:]]
        parts += [line[10:] for line in lines[at + 1 : labels.index("arm D")]]
        assert "".join(parts).startswith("[6|3][3|3][3|5][5|5]")
        assert all(p.startswith("[") or not p.count("[") for p in parts)
        # a token keeps its value, and the count its number, on one line
        ends = " ".join(line[10:] for line in lines[labels.index("ends") : labels.index("points")])
        assert ends == "L 2, R 1, U 5, D 0, A4 3, A5 3; count 13"
    assert diagram(state, width=10_000) == text


def test_a_line_game_that_scores_on_play_has_no_further_arms() -> None:
    threes = Ruleset.block(opening=Opening.SEAT_ANY_TILE, play_scoring=PlayScoring.FIVES_AND_THREES)
    hands = [
        ["3-6", "4-6", "4-5", "0-0", "0-1", "1-1", "0-2"],
        ["3-3", "3-5", "5-5", "1-2", "2-2", "0-3", "1-3"],
    ]
    dealt = {Tile.parse(t) for hand in hands for t in hand}
    deal = Deal(hands=hands, boneyard=[t for t in TileSet.double(6).tiles if t not in dealt])
    state = on_arms(HandState.start(threes, deal), "3-6 3-3:L 4-6:R 3-5:L 4-5:R 5-5:L")
    got = rows(diagram(state))
    assert got["line"] == "[5|5][5|3][3|3][3|6][6|4][4|5]"
    assert got["lead"] == " " * 15 + "^^^^^"
    assert not [label for label in got if label.startswith("arm")]
    assert got["ends"] == "L 5, R 5; count 15"
    assert got["points"] == "7 15 scored on play"  # 3 + 2 + 2 and 4 + 3 + 8


ARMS_RULESETS = [
    ALL_FIVES,
    attrs.evolve(ALL_FIVES, spinner_fill=SpinnerFill.ONE_TILE_EACH_SIDE),
    Ruleset.draw(4, partnership=True, spinner=SpinnerRule.EVERY_DOUBLE,
                 play_scoring=PlayScoring.FIVES, play_scale=PlayScale.PER_FIVE),
    Ruleset.block(4, hand_size=7, spinner=SpinnerRule.LEAD_DOUBLE,
                  spinner_fill=SpinnerFill.ALL_FOUR_FIRST),
    Ruleset.draw(3, spinner=SpinnerRule.EVERY_DOUBLE, spinner_fill=SpinnerFill.ALL_FOUR_FIRST,
                 play_scoring=PlayScoring.FIVES_AND_THREES),
    Ruleset.block(play_scoring=PlayScoring.FIVES_AND_THREES),
]  # fmt: skip


@pytest.mark.parametrize("rules", ARMS_RULESETS, ids=range(len(ARMS_RULESETS)))
def test_an_arms_diagram_agrees_with_the_layout_and_with_what_each_play_scored(
    rules: Ruleset,
) -> None:
    """Through random hands: the line, one row per further arm with its tiles, the open
    ends, and an end count that gives what each play scored (rules PLAY-1 to PLAY-3)."""
    for seed in range(6):
        rng = random.Random(seed)
        state = HandState.start(rules, Deal.random(rules, seed=seed))
        while True:
            text = diagram(state)
            got = rows(text)
            layout = state.layout
            assert got["line"] == str(layout)
            for line in text.split("\n"):
                assert line == line.rstrip()
                assert line[8:10] == "  " or line.startswith("boneyard  ")
            if layout.line:
                lead = got["lead"].index("^") // 5
                first = state.history[0].move
                assert isinstance(first, Play)
                assert Tile(*layout.line[lead]) == first.tile
                for arm in layout.arms[2:]:
                    tiles = "".join(f"[{a}|{b}]" for a, b in arm.tiles) or "-"
                    assert got[f"arm {arm.end.token}"].startswith(tiles + "  ")
                ends, count = got["ends"].split("; count ")
                if not state.is_over:
                    assert ends == ", ".join(f"{e.token} {v}" for e, v in layout.open_ends)
                last = state.history[-1]
                if isinstance(last.move, Play):
                    assert last.points == play_points(rules, int(count))
                if rules.play_scoring is PlayScoring.NONE:
                    assert "points" not in got
                else:
                    points = got["points"].removesuffix(" scored on play")
                    assert points == " ".join(map(str, state.play_points))
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_moves()))


def test_a_seats_picture_of_a_game_that_scores_on_play_shows_the_points() -> None:
    """The seat's picture has the points row the table's has (the points are public),
    and still shows only the seat's own hand."""
    rules = Ruleset.preset("all-fives")
    state = HandState.start(rules, Deal.random(rules, seed=3))
    rng = random.Random(1)
    for _ in range(8):
        state = state.apply(rng.choice(state.legal_moves()))
    assert any(state.play_points)
    row = next(line for line in diagram(state).splitlines() if line.startswith("points"))
    seen = diagram(state.observation(0)).splitlines()
    assert row in seen
    assert "seat 1    3 tiles" in seen
