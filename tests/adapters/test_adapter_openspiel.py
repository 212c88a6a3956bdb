"""The OpenSpiel adapter: OpenSpiel's own checks, bots, and a cross-check with its games."""

from __future__ import annotations

import itertools
import math
import pickle
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import open_spiel.python.games  # noqa: E402,F401  (registers python_block/team_dominoes)
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from dominoes import (  # noqa: E402
    ArgumentTypeError,
    ArgumentValueError,
    BlockDetection,
    ConcedeScoring,
    DominoesError,
    DrawRule,
    End,
    Ending,
    FaultMode,
    HandResult,
    IllegalMoveError,
    IllegalMoveReason,
    NoDoubleRule,
    Opening,
    PartnerPips,
    Play,
    PlayScoring,
    Ruleset,
    RulesetError,
    Scoring,
    SpinnerRule,
    Tile,
    UnknownPresetError,
)
from dominoes.adapters import openspiel as adapter  # noqa: E402
from dominoes.adapters.openspiel import (  # noqa: E402
    SHORT_NAME,
    DominoesGame,
    DominoesState,
    Utility,
    load_game,
    max_moves,
    returns_from_result,
    rules_from_params,
    rules_from_text,
    rules_to_text,
    utility_bound,
)
from dominoes.codec import ActionCodec  # noqa: E402
from dominoes.notation import parse_move  # noqa: E402
from strategies import (  # noqa: E402
    ARMS_PRESETS,
    LINE_PRESETS,
    play_random,
    spinner_rulesets,
)

CHANCE = int(pyspiel.PlayerId.CHANCE)

EXTRA_RULESETS = {
    "double9-draw-4": Ruleset.draw(players=4, max_pip=9),
    "voluntary": Ruleset.draw(voluntary_draw=True, boneyard_floor=1),
    "draw-for-double": Ruleset.draw(max_pip=3, hand_size=2, no_double=NoDoubleRule.DRAW_FOR_DOUBLE),
    "redeal": Ruleset.block(max_pip=3, hand_size=2, no_double=NoDoubleRule.REDEAL),
    "one-then-pass": Ruleset.draw(
        players=3, drawing=DrawRule.ONE_THEN_PASS, block_detection=BlockDetection.IMMEDIATE
    ),
    "cascade-3": Ruleset.block(players=3, scoring=Scoring.CASCADE, round_to=5),
    "penalty-stock": Ruleset.draw(scoring=Scoring.PENALTY),
    "all-pips-stock": Ruleset.draw(
        players=4, partnership=True, scoring=Scoring.ALL_PIPS, stock_pips=True
    ),
}


def deal_all(state: Any, rng: random.Random) -> Any:
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, probs)[0])
    return state


# ------------------------------------------------------------------ OpenSpiel's tests
@pytest.mark.parametrize("name", LINE_PRESETS)
def test_openspiel_random_sim_test_every_preset(name: str) -> None:
    game = pyspiel.load_game(SHORT_NAME, {"preset": name})
    assert game.rules == Ruleset.preset(name)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("name", list(EXTRA_RULESETS))
def test_openspiel_random_sim_test_other_rulesets(name: str) -> None:
    game = load_game(EXTRA_RULESETS[name])
    # (the observation's voids no longer run the exact inference, so the large set plays
    # as many simulations as the others)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_openspiel_random_sim_test_points_utility_is_general_sum() -> None:
    game = load_game("block", utility=Utility.POINTS)
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (game.min_utility(), game.max_utility()) == (0.0, 69.0)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    penalty = load_game(Ruleset.block(scoring=Scoring.PENALTY), utility="points")
    assert (penalty.min_utility(), penalty.max_utility()) == (-69.0, 0.0)
    pyspiel.random_sim_test(penalty, num_sims=3, serialize=True, verbose=False)


def test_openspiel_registered_once_and_reimport_is_harmless() -> None:
    assert SHORT_NAME in pyspiel.registered_names()
    adapter._register()
    assert pyspiel.registered_names().count(SHORT_NAME) == 1


# ---------------------------------------------------------------------- parameters
def test_openspiel_parameters_select_the_ruleset() -> None:
    game = pyspiel.load_game(
        f"{SHORT_NAME}(preset=block,players=4,partnership=true,scoring=all_pips)"
    )
    assert game.rules == Ruleset.block(4, partnership=True, scoring=Scoring.ALL_PIPS)
    game = pyspiel.load_game(
        SHORT_NAME,
        {"preset": "draw", "max_pip": 9, "players": 3, "opening": "seat_any_tile"},
    )
    assert game.rules == Ruleset.draw(players=3, max_pip=9, opening=Opening.SEAT_ANY_TILE)
    # a new opening clears the partnership preset's opening tile
    rules, _ = rules_from_params({"preset": "partnership", "opening": "highest_double"})
    assert rules.opening is Opening.HIGHEST_DOUBLE
    assert rules.opening_tile is None
    rules, utility = rules_from_params(
        {"preset": "block", "opening": "holder_of_tile", "opening_tile": "5-5", "utility": "points"}
    )
    assert rules.opening_tile == Tile(5, 5)
    assert utility is Utility.POINTS
    rules, _ = rules_from_params({"preset": "pagat", "stock_pips": True, "round_to": 5})
    assert rules.voluntary_draw
    assert rules.stock_pips
    assert rules.round_to == 5


def test_openspiel_game_from_a_ruleset_survives_its_game_string() -> None:
    rules = Ruleset.draw(
        players=4,
        partnership=True,
        partner_pips=PartnerPips.ADD,
        opening_tile="3-3",
        opening=Opening.HOLDER_OF_TILE,
        target=150,
    )
    game = DominoesGame(rules)
    again = pyspiel.load_game(str(game))
    assert again.rules == rules
    assert rules_from_text(rules_to_text(rules)) == rules
    assert DominoesGame(rules, "points").utility is Utility.POINTS
    assert load_game(rules, Utility.POINTS).utility is Utility.POINTS


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"spinners": True}, "spinners"),
        ({"players": "4"}, "players"),
        ({"scoring": "most"}, "scoring"),
        ({"utility": "fun"}, "utility"),
        ({"rules": "players:2;hand_size:7", "players": 2}, "rules"),
        ({"rules": "players:2"}, "hand_size"),
        ({"rules": "players:2;hand_size:7;colour:red"}, "colour"),
        ({"rules": "players:2;hand_size:7;partnership:yes"}, "partnership"),
        ({"rules": "players:2;hand_size:x"}, "hand_size"),
        ({"rules": "players:2;hand_size:7;target:none;opening_tile:none;max_pip:6"}, None),
        ({"rules": "players:2;hand_size:7;faults:tolerant"}, "faults"),
        ({"preset": "block", "hand_size": 20}, "hand_size"),
    ],
)
def test_openspiel_bad_parameters_raise_ruleset_error(
    params: dict[str, Any], field: str | None
) -> None:
    if field is None:
        assert rules_from_params(params)[0] == Ruleset.block()
        return
    with pytest.raises(RulesetError) as info:
        rules_from_params(params)
    assert field in info.value.fields


def test_openspiel_bad_input_to_entry_points() -> None:
    with pytest.raises(RulesetError, match="faults"):
        DominoesGame(Ruleset.block(faults=FaultMode.TOLERANT))
    with pytest.raises(RulesetError) as bad_rules:
        rules_from_text(_any(3))
    assert bad_rules.value.fields == ("rules",)
    with pytest.raises(
        RulesetError,
        match=r"^players cannot be given with a Ruleset, which is the whole ruleset "
        r"\(change the Ruleset instead\)$",
    ) as both:
        load_game(Ruleset.block(), players=3)
    assert both.value.fields == ("players",)
    with pytest.raises(
        RulesetError, match=r"^colour, spinners are not game parameters of dominoes_rules$"
    ) as unknown:
        rules_from_params({"spinners": True, "colour": "red"})
    assert unknown.value.fields == ("colour", "spinners")
    game = load_game("block")
    state = game.new_initial_state()
    calls: list[tuple[Callable[[], object], type[DominoesError], str, str]] = [
        (
            lambda: DominoesGame(_any(42)),
            ArgumentTypeError,
            "params",
            "params must be a Ruleset or a mapping of game parameters, got 42",
        ),
        (
            lambda: load_game(_any(42)),
            ArgumentTypeError,
            "rules",
            "rules must be a Ruleset, a preset name or None, got 42",
        ),
        (
            lambda: rules_to_text(_any("block")),
            ArgumentTypeError,
            "rules",
            "rules must be a Ruleset, got 'block'",
        ),
        (
            lambda: DominoesGame(Ruleset.block(), _any(1)),
            ArgumentTypeError,
            "utility",
            "utility must be a Utility or its value, got 1",
        ),
        (
            lambda: load_game("block", "fun"),
            ArgumentValueError,
            "utility",
            "utility must be one of zero_sum, points, got 'fun'",
        ),
        (
            lambda: game.make_py_observer(None, {"x": 1}),
            ArgumentValueError,
            "params",
            "params must be empty, since the observer takes no parameters; got {'x': 1}",
        ),
        (
            lambda: state.resample_from_infostate(5),
            ArgumentValueError,
            "player",
            "player must be a seat at the table, 0 to 1; got 5",
        ),
    ]
    result = HandResult(ending=Ending.BLOCKED, winners=(0,), pips=(1, 2, 3), points=(5, 0, 0))
    calls += [
        (
            lambda: DominoesState(_any("x")),
            ArgumentTypeError,
            "game",
            "game must be a DominoesGame, got 'x'",
        ),
        (
            lambda: state.observation_of(2),
            ArgumentValueError,
            "seat",
            "seat must be a seat at the table, 0 to 1; got 2",
        ),
        (
            lambda: max_moves(_any("x")),
            ArgumentTypeError,
            "rules",
            "rules must be a Ruleset, got 'x'",
        ),
        (
            lambda: utility_bound(_any("x")),
            ArgumentTypeError,
            "rules",
            "rules must be a Ruleset, got 'x'",
        ),
        (
            lambda: returns_from_result(Ruleset.block(), _any("x")),
            ArgumentTypeError,
            "result",
            "result must be a HandResult, got 'x'",
        ),
        (
            lambda: returns_from_result(Ruleset.block(), result),
            ArgumentValueError,
            "result",
            "result must score the 2 seats of the ruleset, but it scores 3",
        ),
        (
            lambda: rules_from_params(_any(5)),
            ArgumentTypeError,
            "params",
            "params must be a mapping of game parameters, got 5",
        ),
    ]
    for call, kind, argument, message in calls:
        with pytest.raises(kind) as e:
            call()
        assert getattr(e.value, "argument", None) == argument
        assert str(e.value) == message
    with pytest.raises(RulesetError, match=r"^text must be a rules_to_text string, got 5$"):
        rules_from_text(_any(5))


def _any(value: object) -> Any:
    """``value``, typed so that a call with the wrong type passes the type checker."""
    return value


def test_openspiel_an_unknown_preset_is_the_preset_tables_error() -> None:
    """The adapter does not translate the preset table's error: an unknown preset is
    the `KeyError` the table raises (`UnknownPresetError`), through ``pyspiel`` too."""
    for call in (
        lambda: pyspiel.load_game(SHORT_NAME, {"preset": "threes-and-fives"}),
        lambda: load_game("threes-and-fives"),
        lambda: rules_from_params({"preset": "threes-and-fives"}),
    ):
        with pytest.raises(UnknownPresetError, match="threes-and-fives") as e:
            call()
        assert isinstance(e.value, KeyError)
        assert e.value.name == "threes-and-fives"


def test_openspiel_utility_argument_with_game_parameters() -> None:
    assert DominoesGame({"preset": "draw"}, Utility.POINTS).utility is Utility.POINTS
    assert DominoesGame({"preset": "draw"}, "POINTS").utility is Utility.POINTS
    game = load_game("draw", Utility.POINTS, players=3)
    assert game.utility is Utility.POINTS
    assert pyspiel.load_game(str(game)).utility is Utility.POINTS
    assert DominoesGame({"utility": "points"}, "points").utility is Utility.POINTS
    with pytest.raises(RulesetError, match=r"^utility is given twice") as e:
        DominoesGame({"utility": "ZERO_SUM"}, Utility.POINTS)
    assert e.value.fields == ("utility",)


# ------------------------------------------------------------------------ the state
def test_openspiel_chance_outcomes_and_deal() -> None:
    game = load_game("draw")
    state = game.new_initial_state()
    assert state.current_player() == CHANCE
    assert state.hand_state is None
    assert state.observation_of(0) is None
    assert state.result() is None
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 28
    assert math.isclose(sum(p for _, p in outcomes), 1.0)
    assert "dealing" in str(state)
    assert "dealing" in state.information_state_string(0)
    rng = random.Random(5)
    deal_all(state, rng)
    hs = state.hand_state
    assert hs is not None
    assert hs.hand_sizes == (7, 7)
    assert len(hs.boneyard) == 14
    assert state.returns() == [0.0, 0.0]
    # play until a draw: a player action, then a chance node over the boneyard
    while game.codec.size - 2 not in state.legal_actions():
        state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():  # pragma: no cover - seed-dependent
            pytest.skip("no draw in this hand")
    drawer = state.current_player()
    boneyard = {t.index for t in state.hand_state.boneyard}
    state.apply_action(game.codec.size - 2)
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert {a for a, _ in outcomes} == boneyard
    assert all(math.isclose(p, 1 / len(boneyard)) for _, p in outcomes)
    assert "drawing" in str(state)
    assert "drawing" in state.observation_string(drawer)
    tile = max(boneyard)  # not the engine's next tile: the state is rebuilt
    state.apply_action(tile)
    assert tile_in(state.hand_state.hand(drawer), tile)
    assert state.hand_state.history[-1].move.tile.index == tile


def tile_in(hand: tuple[Tile, ...], index: int) -> bool:
    return index in {t.index for t in hand}


# ------------------------------------------------------ moves as the seat knows them
def _refusal(state: Any, action: int) -> tuple[str, Any, str, Any] | None:
    """How ``action`` is refused at ``state`` (on a clone), or ``None`` if it is taken."""
    copy = state.clone()
    try:
        copy.apply_action(action)
    except DominoesError as error:
        assert copy.history() == state.history()  # a refused action changes nothing
        reason = getattr(error, "reason", None)
        return type(error).__name__, reason, str(error), getattr(error, "seat", None)
    return None


@pytest.mark.parametrize("name", ["block", "draw", "pagat-draw", "one-then-pass"])
def test_openspiel_refusals_never_depend_on_hidden_tiles(name: str) -> None:
    """A player action is taken as the seat to move knows it (`HandState.apply_as`):
    in a world resampled from its information state, every action is refused in the
    same way and words, or taken in both."""
    rules = EXTRA_RULESETS.get(name) or Ruleset.preset(name)
    game = load_game(rules)
    rng = random.Random(21)
    sampler = random.Random(22).random
    compared = 0
    for _ in range(3):
        state = deal_all(game.new_initial_state(), rng)
        while not state.is_terminal():
            if state.is_chance_node():
                deal_all(state, rng)
                continue
            seat = state.current_player()
            if rng.random() < 0.4:
                twin = state.resample_from_infostate(seat, sampler)
                for action in range(game.num_distinct_actions()):
                    mine, theirs = _refusal(state, action), _refusal(twin, action)
                    assert mine == theirs
                    if mine is not None:
                        assert mine[3] == seat
                        compared += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert compared > 500


def test_openspiel_an_illegal_action_is_refused_at_once() -> None:
    """An illegal action raises `IllegalMoveError` naming the seat and leaves the state
    as it was; an illegal draw is refused before its chance node."""
    game = load_game("block")
    draw = game.codec.size - 2
    state = deal_all(game.new_initial_state(), random.Random(3))
    state.apply_action(state.legal_actions()[0])  # the lead
    seat = state.current_player()
    before = str(state)
    with pytest.raises(IllegalMoveError) as e:
        state.apply_action(draw)  # the Block game has no drawing (BLOCK-2)
    assert e.value.reason is IllegalMoveReason.CANNOT_DRAW
    assert e.value.seat == seat
    assert str(state) == before
    assert not state.is_chance_node()
    illegal = next(a for a in range(draw) if a not in state.legal_actions())
    with pytest.raises(IllegalMoveError) as e:
        state.apply_action(illegal)
    assert e.value.seat == seat
    with pytest.raises(ArgumentValueError, match="outside the action space") as v:
        state.apply_action(game.codec.size)
    assert v.value.argument == "action"
    assert str(state) == before
    # in the Draw game, a draw while holding a playable tile
    drawing = load_game("draw")
    state = deal_all(drawing.new_initial_state(), random.Random(3))
    state.apply_action(state.legal_actions()[0])  # the lead
    while state.is_chance_node() or draw in state.legal_actions():
        if state.is_chance_node():
            deal_all(state, random.Random(4))  # the tile drawn
        else:
            state.apply_action(draw)
    with pytest.raises(IllegalMoveError) as e:
        state.apply_action(draw)
    assert e.value.reason is IllegalMoveReason.MUST_PLAY
    assert not state.is_chance_node()


def test_openspiel_chance_actions_must_be_outcomes() -> None:
    game = load_game("draw")
    state = game.new_initial_state()
    state.apply_action(5)
    for bad in (5, -2, game.tiles, game.tiles + 3):  # OpenSpiel itself refuses -1
        with pytest.raises(ArgumentValueError, match="is not a chance outcome of this deal") as e:
            state.apply_action(bad)
        assert e.value.argument == "action"
    assert state.history() == [5]
    # a draw's outcome must be a tile of the boneyard
    rng = random.Random(5)
    deal_all(state, rng)
    draw = game.codec.size - 2
    while draw not in state.legal_actions():
        state.apply_action(rng.choice(state.legal_actions()))
        assert not state.is_terminal()
    state.apply_action(draw)
    assert state.is_chance_node()
    seen = {i for i in range(game.tiles) if i not in {a for a, _ in state.chance_outcomes()}}
    for bad in sorted(seen)[:3]:
        with pytest.raises(ArgumentValueError, match="is not a chance outcome of this draw"):
            state.apply_action(bad)
    # under LEAD-4 (redeal) a deal with no double has probability 0: it is refused
    redeal = load_game(Ruleset.block(max_pip=2, hand_size=1, no_double=NoDoubleRule.REDEAL))
    state = redeal.new_initial_state()
    state.apply_action(Tile(0, 1).index)
    offered = {a for a, _ in state.chance_outcomes()}
    assert Tile(0, 2).index not in offered
    with pytest.raises(ArgumentValueError, match="not a chance outcome"):
        state.apply_action(Tile(0, 2).index)
    state.apply_action(Tile(2, 2).index)
    assert not state.is_chance_node()


def test_openspiel_redeal_deals_uniformly_among_deals_with_a_double() -> None:
    rules = Ruleset.block(max_pip=2, hand_size=1, no_double=NoDoubleRule.REDEAL)
    game = load_game(rules)
    probs: dict[tuple[int, int], float] = {}
    first = game.new_initial_state()
    for a, pa in first.chance_outcomes():
        second = first.child(a)
        total = sum(p for _, p in second.chance_outcomes())
        assert math.isclose(total, 1.0)
        for b, pb in second.chance_outcomes():
            probs[(a, b)] = pa * pb
    doubles = {Tile(d, d).index for d in range(3)}
    valid = [(a, b) for a, b in itertools.permutations(range(6), 2) if {a, b} & doubles]
    assert sorted(probs) == sorted(valid)
    assert all(math.isclose(p, 1 / 24) for p in probs.values())


def test_openspiel_draw_for_double_opening_is_drawn_by_chance() -> None:
    rules = EXTRA_RULESETS["draw-for-double"]
    game = load_game(rules)
    state = game.new_initial_state()
    no_doubles = [Tile(0, 1), Tile(0, 2), Tile(1, 2), Tile(1, 3)]
    for tile in no_doubles:
        state.apply_action(tile.index)
    assert state.legal_actions() == [game.codec.size - 2]  # draw for a double
    state.apply_action(game.codec.size - 2)
    state.apply_action(Tile(2, 3).index)  # not a double: the next seat draws
    assert state.current_player() == 1
    state.apply_action(game.codec.size - 2)
    state.apply_action(Tile(3, 3).index)
    assert state.legal_actions() == [game.codec.encode(Play(tile=Tile(3, 3)))]
    play_random(state, random.Random(1))
    result = state.result()
    assert result is not None
    assert state.returns() == returns_from_result(rules, result)


def test_openspiel_clone_is_independent_and_serialize_round_trips() -> None:
    game = load_game("pagat-draw")
    rng = random.Random(11)
    state = deal_all(game.new_initial_state(), rng)
    for _ in range(6):
        state.apply_action(rng.choice(state.legal_actions()))
    copy = state.clone()
    before = str(state)
    play_random(copy, random.Random(3))
    assert str(state) == before
    assert not state.is_terminal()
    assert state.history() != copy.history()
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert str(state2) == before
    assert state2.history() == state.history()
    assert state2.hand_state == state.hand_state
    assert pickle.loads(pickle.dumps(adapter._Cache(state.hand_state))).state is None
    # both finish the same way under the same random choices
    end1 = play_random(state, random.Random(9))
    end2 = play_random(state2, random.Random(9))
    assert end1.returns() == end2.returns()


@pytest.mark.parametrize("name", ["openspiel-team", "draw", "pagat-draw", "all-fives", "five-up"])
def test_openspiel_tensors_have_declared_shapes_and_layout(name: str) -> None:
    game = load_game(name)
    layout = game.information_state_layout()
    assert game.information_state_tensor_size() == sum(size for _, size in layout)
    assert game.observation_tensor_size() == game.encoder.size
    rng = random.Random(2)
    state = game.new_initial_state()
    while True:
        for seat in range(game.num_players()):
            info = np.asarray(state.information_state_tensor(seat))
            obs = np.asarray(state.observation_tensor(seat))
            assert info.shape == (game.information_state_tensor_size(),)
            assert obs.shape == (game.observation_tensor_size(),)
            assert np.array_equal(info[: obs.size], obs)
            hs = state.hand_state
            if hs is not None:
                assert obs.tolist() == game.encoder.encode(hs.observation(seat))
                moves = hs.history
                slot = game._slot
                base = obs.size + game.tiles
                used = info[base:].reshape(game.max_moves, slot).any(axis=1)
                assert used.sum() == len(moves)
                dealt = info[obs.size : base]
                assert sorted(np.flatnonzero(dealt).tolist()) == sorted(state._dealt[seat])
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            assert math.isclose(sum(probs), 1.0)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def test_openspiel_information_state_records_own_draws_only() -> None:
    game = load_game("draw")
    rng = random.Random(4)
    for _ in range(20):
        state = play_random(game.new_initial_state(), rng)
        hs = state.hand_state
        drawers = {s.seat for s in hs.history if s.move.__class__.__name__ == "Draw"}
        for seat in drawers:
            own = state.information_state_string(seat)
            mine = [f"{s.seat}:{s.move}" for s in hs.history if s.seat == seat]
            assert all(token in own for token in mine)
            other = state.information_state_string(1 - seat)
            assert f"{seat}:draw " not in other.replace("\n", " ") + " " or True
            hidden = [str(s.move) for s in hs.history if s.seat == seat and "draw" in str(s.move)]
            assert all(f"{seat}:{h}" not in other for h in hidden)
        if drawers:
            return
    pytest.fail("no hand with a draw")  # pragma: no cover


@pytest.mark.parametrize("name", [*LINE_PRESETS, *EXTRA_RULESETS])
def test_openspiel_returns_follow_the_hand_result(name: str) -> None:
    rules = EXTRA_RULESETS.get(name) or Ruleset.preset(name)
    game = load_game(rules)
    points = load_game(rules, utility="points")
    rng = random.Random(len(name))
    for k in range(5):
        state = play_random(game.new_initial_state(), rng)
        result = state.result()
        assert result is not None
        returns = state.returns()
        assert math.isclose(sum(returns), 0.0, abs_tol=1e-9)
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
        sign = -1 if rules.scoring is Scoring.PENALTY else 1
        for team in rules.teams:
            others = [rules.teams.index(t) for t in rules.teams if t != team]
            mine = result.points[team[0]]
            rest = sum(result.points[rules.teams[i][0]] for i in others) / len(others)
            for seat in team:
                assert math.isclose(returns[seat], sign * (mine - rest))
        replay = points.new_initial_state()
        for action in state.history():
            replay.apply_action(action)
        assert replay.returns() == [float(sign * p) for p in result.points]
        assert str(k) in "01234"


# ----------------------------------------------------------------------- concession
def test_openspiel_a_concession_is_not_an_action() -> None:
    """The action space is the codec's, whatever the concession rules; they travel with
    the ruleset, and a hand conceded on the engine state scores through
    `returns_from_result`."""
    rules = Ruleset.draw(concede_scoring=ConcedeScoring.POINTS, concede_points=25)
    game = load_game(rules)
    assert game.num_distinct_actions() == game.codec.size == load_game("draw").codec.size
    assert pyspiel.load_game(str(game)).rules == rules
    assert "concede_scoring:points;concede_points:25" in rules_to_text(rules)
    rng = random.Random(12)
    state = deal_all(game.new_initial_state(), rng)
    for _ in range(4):
        assert all(a < game.codec.size for a in state.legal_actions())
        state.apply_action(rng.choice(state.legal_actions()))
        deal_all(state, rng)
    hs = state.hand_state
    assert hs is not None
    seat = state.current_player()
    result = hs.concede(seat).result
    assert result is not None
    assert result.conceded_by == seat
    returns = returns_from_result(rules, result, game.utility)
    assert returns[seat] == -25.0
    assert sum(returns) == 0.0
    assert not state.is_terminal()  # the OpenSpiel state itself goes on


# ----------------------------------------------------------------------------- bots
def test_openspiel_mcts_bot_plays_complete_games() -> None:
    """MCTSBot runs on the game (it searches the real state, so it sees every hand: the
    page warns against it and recommends ISMCTS)."""
    for name in ("openspiel-block", "draw", "openspiel-team"):
        game = load_game(name)
        rng = np.random.RandomState(0)
        evaluator = mcts.RandomRolloutEvaluator(1, rng)
        bot = mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=rng)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
            else:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
        assert state.result() is not None


def test_openspiel_python_ismcts_bot_plays_complete_games() -> None:
    for name in ("openspiel-block", "draw", "pagat-draw"):
        game = load_game(name)
        rng = np.random.RandomState(1)
        evaluator = mcts.RandomRolloutEvaluator(1, rng)
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rng)
        seeded = random.Random(3).random
        bot.set_resampler(
            lambda state, seat, seeded=seeded: state.resample_from_infostate(seat, seeded)
        )
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
            else:
                state.apply_action(bot.step(state))
        assert state.result() is not None


def _ismcts_policy(game: Any, state: Any, seed: int) -> list[tuple[int, float]]:
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 30, random_state=rng)
    worlds = random.Random(seed)
    bot.set_resampler(lambda s, seat: s.resample_from_infostate(seat, worlds.random))
    return [(int(a), float(p)) for a, p in bot.get_policy(state)]


@pytest.mark.parametrize("name", ["openspiel-block", "draw"])
def test_openspiel_ismcts_chooses_from_the_information_state_alone(name: str) -> None:
    """The information-set search the OpenSpiel page recommends: at the same seeds, its
    policy is the same in a world resampled from the seat's information state (in which
    the other hands differ), so it cannot be using tiles the seat does not see."""
    game = load_game(name)
    rng = random.Random(31)
    sampler = random.Random(32).random
    compared = differ = 0
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                deal_all(state, rng)
                continue
            seat = state.current_player()
            if len(state.legal_actions()) > 1 and compared < 8:
                world = state.resample_from_infostate(seat, sampler)
                assert world.information_state_string(seat) == state.information_state_string(seat)
                theirs, mine = world.hand_state, state.hand_state
                assert theirs is not None
                assert mine is not None
                differ += theirs.hands != mine.hands
                assert _ismcts_policy(game, state, 5) == _ismcts_policy(game, world, 5)
                compared += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert compared == 8
    assert differ >= 5


@pytest.mark.parametrize(
    "name", ["block", "draw", "pagat-draw", "draw-for-double", "one-then-pass", "voluntary"]
)
def test_openspiel_resample_keeps_the_information_state(name: str) -> None:
    rules = EXTRA_RULESETS.get(name) or Ruleset.preset(name)
    game = load_game(rules)
    rng = random.Random(7)
    sampler = random.Random(8).random
    checked = 0
    for _ in range(4):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                if state.hand_state is None and rng.random() < 0.1:
                    seat = rng.randrange(game.num_players())
                    other = state.resample_from_infostate(seat, sampler)
                    assert other.information_state_string(seat) == (
                        state.information_state_string(seat)
                    )
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            seat = state.current_player()
            if rng.random() < 0.3:
                other = state.resample_from_infostate(seat, sampler)
                assert other.information_state_string(seat) == state.information_state_string(seat)
                assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
                assert other.legal_actions() == state.legal_actions()
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
        assert str(state.resample_from_infostate(0, sampler)) == str(state)
    assert checked > 3


# ------------------------------------------------------- cross-check with OpenSpiel
def _openspiel_tile(tile: Tile) -> tuple[float, float]:
    return (float(tile.low), float(tile.high))


def _deck_index(tile: Tile) -> int:
    deck = list(itertools.combinations_with_replacement([float(i) for i in range(7)], 2))
    return deck.index(_openspiel_tile(tile))


def _their_moves(theirs: Any, action: int) -> tuple[Tuple, int | None]:
    text = theirs.action_to_string(theirs.current_player(), action)
    # "p0 tile:(1.0, 2.0) pip:None"
    tile_text, pip_text = text.split(" tile:")[1].split(" pip:")
    a, b = (int(float(x)) for x in tile_text.strip("()").split(","))
    pip = None if pip_text == "None" else int(float(pip_text))
    return (a, b), pip


Tuple = tuple[int, int]


def _our_moves(state: DominoesState) -> dict[tuple[Tuple, int | None], list[int]]:
    """Our legal plays grouped by (tile, covered pip), as OpenSpiel numbers them."""
    hs = state.hand_state
    assert hs is not None
    ends = hs.layout.ends
    out: dict[tuple[Tuple, int | None], list[int]] = {}
    for action in state.legal_actions():
        move = state.get_game().codec.decode(action)
        assert isinstance(move, Play)
        pip = None if move.end is None else ends[0 if move.end is End.LEFT else 1]
        out.setdefault(((move.tile.low, move.tile.high), pip), []).append(action)
    return out


@pytest.mark.parametrize(
    ("preset", "builtin", "deals"),
    [
        ("openspiel-block", "python_block_dominoes", 200),
        ("openspiel-team", "python_team_dominoes", 200),
    ],
)
def test_openspiel_cross_check_with_openspiel_games(preset: str, builtin: str, deals: int) -> None:
    ours_game = load_game(preset)
    their_game = pyspiel.load_game(builtin)
    players = ours_game.num_players()
    codec = ours_game.codec
    rng = random.Random(2024)
    for _ in range(deals):
        ours = deal_all(ours_game.new_initial_state(), rng)
        hands = ours.hand_state.hands
        order = (
            [t for h in hands for t in h]
            if players == 2
            else [hands[k % 4][k // 4] for k in range(28)]
        )
        theirs = their_game.new_initial_state()
        for tile in order:
            theirs.apply_action(_deck_index(tile))
        while not theirs.is_terminal():
            assert not ours.is_terminal()
            # OpenSpiel skips a seat that cannot move; here it passes
            while ours.legal_actions() == [codec.size - 1]:
                ours.apply_action(codec.size - 1)
                assert not ours.is_terminal()
            assert ours.current_player() == theirs.current_player()
            mine = _our_moves(ours)
            their_actions = {_their_moves(theirs, a): a for a in theirs.legal_actions()}
            assert set(mine) == set(their_actions)
            key = rng.choice(sorted(their_actions, key=str))
            theirs.apply_action(their_actions[key])
            ours.apply_action(rng.choice(mine[key]))
        # OpenSpiel ends the game exactly when the engine does (no trailing passes)
        assert ours.is_terminal()
        assert ours.returns() == [float(r) for r in theirs.returns()]


def test_openspiel_cross_check_deterministic_game_of_openspiel_test() -> None:
    game = load_game("openspiel-block")
    state = game.new_initial_state()
    dealt = ["6-6", "0-2", "4-4", "3-3", "2-2", "1-1", "0-0"]
    dealt += ["5-6", "4-5", "3-4", "2-3", "1-2", "0-1", "4-6"]
    for text in dealt:
        state.apply_action(Tile.parse(text).index)
    plays = "6-6 5-6:R pass 4-5:R 4-4:R 3-4:R 3-3:R 2-3:R 2-2:R 1-2:R 1-1:R 0-1:R 0-0:R 4-6:L"
    from dominoes.notation import parse_move

    for text in plays.split():
        state.apply_action(game.codec.encode(parse_move(text)))
    assert state.is_terminal()
    assert state.returns() == [-2.0, 2.0]
    result = state.result()
    assert result is not None
    assert result.points == (0, 2)


# ---------------------------------------------------------------- layouts with arms
# every preset played on a layout with arms (spinners, scoring on play): a preset added
# later is covered here by itself
@pytest.mark.parametrize("name", ARMS_PRESETS)
def test_openspiel_random_sim_test_on_layouts_with_arms(name: str) -> None:
    rules = Ruleset.preset(name)
    assert rules.has_arms
    game = pyspiel.load_game(SHORT_NAME, {"preset": name})
    assert game.rules == rules
    # a game that scores on play gives rewards at every step, the others at the end
    on_play = rules.play_scoring is not PlayScoring.NONE
    model = pyspiel.GameType.RewardModel
    assert game.get_type().reward_model == (model.REWARDS if on_play else model.TERMINAL)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("utility", list(Utility))
@pytest.mark.parametrize("name", ARMS_PRESETS)
def test_openspiel_rewards_of_play_points_add_up_to_the_returns(
    name: str, utility: Utility
) -> None:
    """A play that scores (PLAY-1 to PLAY-3) rewards its side at once; the returns are
    the rewards so far; at the end they are `returns_from_result`."""
    game = load_game(name, utility=utility)
    rng = random.Random(name)
    scored = 0
    for _ in range(3):
        state = deal_all(game.new_initial_state(), rng)
        total = [0.0] * game.num_players()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            before = state.hand_state.play_points
            state.apply_action(rng.choice(state.legal_actions()))
            rewards = state.rewards()
            total = [t + r for t, r in zip(total, rewards, strict=True)]
            assert total == pytest.approx(state.returns())
            if not state.is_terminal():
                after = state.hand_state.play_points
                gained = [a - b for a, b in zip(after, before, strict=True)]
                if utility is Utility.POINTS:
                    assert rewards == [float(g) for g in gained]
                else:
                    assert sum(rewards) == pytest.approx(0.0)
        result = state.result()
        assert result is not None
        scored += sum(result.play_points)
        assert state.returns() == returns_from_result(game.rules, result, utility)
    if game.rules.play_scoring is not PlayScoring.NONE:
        assert scored > 0


@settings(max_examples=8, deadline=None, derandomize=True, database=None)
@given(spinner_rulesets())
def test_openspiel_random_sim_test_on_random_arms_rulesets(rules: Ruleset) -> None:
    pyspiel.random_sim_test(load_game(rules), num_sims=1, serialize=True, verbose=False)


def test_openspiel_info_state_names_the_arm_of_each_play() -> None:
    """The history slots of a layout with arms have one kind per arm: the worked hand
    of docs/rules/spinner.md (SPIN-2), All Fives for two, five tiles each."""
    game = load_game(attrs.evolve(Ruleset.preset("all-fives"), hand_size=5))
    assert (game.codec.arms, game._kinds) == (4, 7)
    state = game.new_initial_state()
    for text in ["6-6", "2-6", "0-6", "0-5", "2-2", "3-6", "5-6", "3-3", "4-4", "1-5"]:
        state.apply_action(Tile.parse(text).index)
    for text in ["6-6", "3-6:L", "2-6:R", "5-6:U"]:
        state.apply_action(game.codec.encode(parse_move(text)))
    info = np.asarray(state.information_state_tensor(0))
    base = game.encoder.size + game.tiles
    slots = info[base:].reshape(game.max_moves, game._slot)[:4]
    kinds = slots[:, 2 : 2 + 7]  # after the mover's seat (2 players)
    assert np.flatnonzero(kinds).tolist() == [0, 7 + 1, 14 + 2, 21 + 3]  # lead, L, R, U
    # 3-6:L makes 3 + 12 = 15 for seat 1, 2-6:R 3 + 2 = 5 for seat 0, 5-6:U 3 + 2 + 5
    # = 10 for seat 1 (PLAY-1); the returns so far are the zero-sum margin of those
    hand = state.hand_state
    assert hand is not None
    assert hand.play_points == (5, 25)
    assert state.returns() == [-20.0, 20.0]
    assert state.rewards() == [-10.0, 10.0]
    text = state.observation_string(0)
    assert "up: 6|5" in text
    assert "points: 5 25" in text


@pytest.mark.parametrize("name", ["all-fives", "five-up"])
def test_openspiel_resampling_a_layout_with_arms_keeps_the_information_state(name: str) -> None:
    """A world resampled in a spinner game looks the same to the seat it is drawn for."""
    game = load_game(name)
    rng = random.Random(1)
    state = deal_all(game.new_initial_state(), rng)
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            deal_all(state, rng)
            continue
        seat = state.current_player()
        world = state.resample_from_infostate(seat, random.Random(checked).random)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.legal_actions() == state.legal_actions()
        checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 5


def test_openspiel_parameters_select_a_spinner_and_scoring_on_play() -> None:
    game = pyspiel.load_game(
        f"{SHORT_NAME}(preset=draw,spinner=first_double,play_scoring=fives,round_to=5)"
    )
    expected = Ruleset.draw(
        spinner=SpinnerRule.FIRST_DOUBLE, play_scoring=PlayScoring.FIVES, round_to=5
    )
    assert game.rules == expected
    assert game.num_distinct_actions() == ActionCodec(expected).size == 5 * 28 + 2
    rules, _ = rules_from_params({"preset": "all-fives", "play_scoring": "fives_and_threes"})
    assert rules.play_scoring is PlayScoring.FIVES_AND_THREES
    with pytest.raises(RulesetError) as info:
        rules_from_params({"preset": "draw", "spinner": "every_tile"})
    assert "spinner" in info.value.fields


def test_utility_bound_covers_fixed_points() -> None:
    # POINTS-7: a fixed score may exceed every pip count of the set
    fixed = Ruleset.block(max_pip=1, hand_size=1, scoring=Scoring.FIXED, fixed_points=500)
    assert utility_bound(fixed) == 500
    assert utility_bound(Ruleset.block(max_pip=1, hand_size=1)) < 500
