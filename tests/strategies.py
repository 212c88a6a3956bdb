"""Hypothesis strategies shared by the property tests.

* :func:`rulesets`: valid rulesets, the two presets for 2 to 4 seats (and in
  partnership for 4) and direct :class:`~dominoes.Ruleset` values on small sets;
* :data:`SEEDS` and :func:`deals`: deals, by seed or by a shrinkable permutation;
* :func:`play_hand` and :func:`hands`: a whole hand played with moves chosen by
  Hypothesis-drawn indices into ``legal_moves()``, kept as every state it went
  through (states are immutable, so tests can look at them afterwards);
* :data:`SETTINGS`: the deterministic settings every property test uses.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from dominoes import Deal, DrawRule, HandState, Move, Ruleset, Tile

__all__ = [
    "SEEDS",
    "SETTINGS",
    "PlayedHand",
    "deals",
    "direct_rulesets",
    "hands",
    "move_bound",
    "play_hand",
    "preset_rulesets",
    "replay",
    "rulesets",
    "set_size",
]

SETTINGS = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
"""Deterministic settings: the same examples on every run, no example database."""

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
"""Seeds for :meth:`Deal.random <dominoes.Deal.random>`."""


def set_size(max_pip: int) -> int:
    """The number of tiles in the double-``max_pip`` set."""
    return (max_pip + 1) * (max_pip + 2) // 2


def preset_rulesets() -> st.SearchStrategy[Ruleset]:
    """The Block and Draw presets (double-6) for 2 to 4 seats, and 4 seats in partnership."""
    players = st.integers(min_value=2, max_value=4)
    return st.one_of(
        players.map(lambda n: Ruleset.block(players=n)),
        players.map(lambda n: Ruleset.draw(players=n)),
        st.just(Ruleset.block(players=4, partnership=True)),
        st.just(Ruleset.draw(players=4, partnership=True)),
    )


@st.composite
def direct_rulesets(
    draw: st.DrawFn,
    *,
    max_pip: int = 6,
    min_players: int = 2,
    max_players: int = 4,
) -> Ruleset:
    """A ruleset built directly: a small set, 2 to 4 seats, any hand size that fits.

    The set is double-0 to double-``max_pip``, restricted to the sets with at least
    one tile per seat (double-0 holds a single tile, so it never fits two seats).
    """
    players = draw(st.integers(min_value=min_players, max_value=max_players))
    lowest = next(n for n in range(max_pip + 1) if set_size(n) >= players)
    pip = draw(st.integers(min_value=lowest, max_value=max_pip))
    hand_size = draw(st.integers(min_value=1, max_value=set_size(pip) // players))
    partnership = draw(st.booleans()) if players == 4 else False
    drawing = draw(st.sampled_from([DrawRule.NONE, DrawRule.UNTIL_PLAYABLE]))
    return Ruleset(
        max_pip=pip,
        players=players,
        hand_size=hand_size,
        partnership=partnership,
        drawing=drawing,
    )


def rulesets() -> st.SearchStrategy[Ruleset]:
    """Any ruleset of :func:`preset_rulesets` or :func:`direct_rulesets`."""
    return st.one_of(preset_rulesets(), direct_rulesets())


def _deal_from_order(rules: Ruleset, order: list[Tile]) -> Deal:
    h = rules.hand_size
    return Deal(
        hands=[order[seat * h : (seat + 1) * h] for seat in range(rules.players)],
        boneyard=order[rules.players * h :],
    )


def deals(rules: Ruleset) -> st.SearchStrategy[Deal]:
    """Deals for ``rules``: seeded shuffles, permutations of the set (these shrink well),
    and permutations that deal the doubles last (so that, when the hands are small
    enough, no double is dealt and the heaviest tile leads)."""
    tiles = rules.tile_set.tiles
    singles = st.permutations([t for t in tiles if not t.is_double])
    doubles = st.permutations([t for t in tiles if t.is_double])
    return st.one_of(
        SEEDS.map(lambda seed: Deal.random(rules, seed=seed)),
        st.permutations(tiles).map(lambda order: _deal_from_order(rules, order)),
        st.tuples(singles, doubles).map(lambda p: _deal_from_order(rules, [*p[0], *p[1]])),
    )


def move_bound(rules: Ruleset) -> int:
    """An upper bound on the moves of a hand: set size x (players + 2) + boneyard size."""
    size = set_size(rules.max_pip)
    return size * (rules.players + 2) + size - rules.players * rules.hand_size


@dataclass(frozen=True, repr=False)
class PlayedHand:
    """A hand played from ``deal``: ``states[i + 1] == states[i].apply(moves[i])``."""

    rules: Ruleset
    deal: Deal
    indices: tuple[int, ...]
    """The index into ``legal_moves()`` chosen at each step."""
    moves: tuple[Move, ...]
    states: tuple[HandState, ...]
    """Every state, from the start state to the last one (``len(moves) + 1`` states)."""

    @property
    def final(self) -> HandState:
        """The last state reached."""
        return self.states[-1]

    def __repr__(self) -> str:
        return f"PlayedHand(rules={self.rules!r}, deal={self.deal!r}, indices={self.indices!r})"


def play_hand(draw: st.DrawFn, rules: Ruleset, deal: Deal) -> PlayedHand:
    """Play a hand from ``deal``, each move chosen by a drawn index into ``legal_moves()``.

    Stops when the hand is over, when ``legal_moves()`` is empty, or after
    :func:`move_bound` moves (so a hand that never ends still returns; tests
    check that the last state is over).
    """
    state = HandState.start(rules, deal)
    states = [state]
    moves: list[Move] = []
    indices: list[int] = []
    limit = move_bound(rules)
    while not state.is_over and len(moves) < limit:
        legal = state.legal_moves()
        if not legal:
            break
        index = draw(st.integers(min_value=0, max_value=len(legal) - 1)) if len(legal) > 1 else 0
        move = legal[index]
        state = state.apply(move)
        indices.append(index)
        moves.append(move)
        states.append(state)
    return PlayedHand(
        rules=rules, deal=deal, indices=tuple(indices), moves=tuple(moves), states=tuple(states)
    )


@st.composite
def hands(draw: st.DrawFn, rules_strategy: st.SearchStrategy[Ruleset] | None = None) -> PlayedHand:
    """A ruleset, a deal for it and a hand played from that deal by drawn move indices."""
    rules = draw(rulesets() if rules_strategy is None else rules_strategy)
    deal = draw(deals(rules))
    return play_hand(draw, rules, deal)


def replay(rules: Ruleset, deal: Deal, indices: tuple[int, ...]) -> list[HandState]:
    """Every state of the hand that takes ``legal_moves()[i]`` for each ``i`` of ``indices``."""
    state = HandState.start(rules, deal)
    states = [state]
    for index in indices:
        state = state.apply(state.legal_moves()[index])
        states.append(state)
    return states
