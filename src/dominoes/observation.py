"""Hidden information: what one seat knows, what it can infer, and worlds consistent with it.

`HandState.observation(seat)` gives an `Observation`: the seat's own hand, the
layout, the public history (other seats' draws without their tiles), hand sizes,
the boneyard's size, the seat to move, the phase and the verification round.
It holds no reference to the full state.

Inference and sampling use one exact model. A *world* is a deal consistent with
everything the seat saw: every tile the seat cannot see is placed in a *slot* (a
place in another seat's hand as dealt, a tile another seat drew, or a place in the
boneyard), and the public history must replay legally: a seat that played a tile
held it, and a seat that passed (or had to draw) held nothing matching the open
ends at that moment; the opening rule tells too (under the highest-double rule no
hand held a higher double than the one led). `Observation.sample` draws a world
**uniformly** among all consistent deals, exactly (counting with dynamic
programming over slot classes, no rejection), and returns the `HandState` it leads
to; `Observation.holders` and `Observation.voids` read the same model.

Two rulesets bind the hands in ways the slot model cannot say: with
``BlockDetection.IMMEDIATE`` a hand that goes on shows that some seat could still
play (a fact about several seats at once), and with ``Opening.HOLDER_OF_TILE`` and
``NoDoubleRule.DRAW_FOR_DOUBLE`` the draws before the lead depend on which tiles
were dealt. There the model keeps only what is certain (so its worlds are a superset
of the consistent ones), every slot gets its own tile in a uniformly random order,
and a proposal is kept only when its deal replays into the observation: rejection
from a uniform proposal, so the samples are still exactly uniform, at the cost of a
replay per proposal. ``holders()`` and ``voids()`` read the model alone, so under
those two rulesets they may list a seat that cannot hold a tile. An observation of a
state built from a position has no history to replay: its samples are uniform over
the placements of the unseen tiles (under ``BlockDetection.IMMEDIATE`` that includes
placements in which nobody could move, which the position does not rule out).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import attrs

from dominoes import sampling
from dominoes.deal import Deal
from dominoes.errors import DealError, IllegalMoveError
from dominoes.faults import Fault
from dominoes.layout import Layout
from dominoes.moves import DRAW, Draw, Move, Step
from dominoes.rules import Ruleset
from dominoes.scoring import Ending, HandResult
from dominoes.tiles import Tile, bit_indices, tile_from_index
from dominoes.verification import VerificationRound

if TYPE_CHECKING:  # pragma: no cover
    from dominoes.state import HandState

__all__ = ["Observation"]


@attrs.frozen(kw_only=True)
class Observation:
    """What ``seat`` knows of a hand; nothing else is reachable from it.

    >>> from dominoes import Deal, HandState, Ruleset
    >>> rules = Ruleset.block()
    >>> state = HandState.start(rules, Deal.random(rules, seed=3))
    >>> obs = state.observation(0)
    >>> obs.hand_sizes, obs.boneyard_size, len(obs.hand)
    ((7, 7), 14, 7)
    """

    rules: Ruleset
    """The ruleset of the hand."""
    seat: int
    """The observing seat."""
    hand: tuple[Tile, ...]
    """The seat's own tiles, in canonical order."""
    line: tuple[tuple[int, int], ...]
    """The line of play as oriented pairs, left to right."""
    lead: int
    """The index in ``line`` of the lead tile."""
    history: tuple[Step, ...]
    """The public history, oldest first: the same `Step` entries as
    `HandState.history`, except that another seat's draw shows no tile (``Draw()``)."""
    hand_sizes: tuple[int, ...]
    """How many tiles each seat holds."""
    boneyard_size: int
    """How many tiles are left in the boneyard."""
    turn: int
    """The seat to move."""
    opening: Tile | str | None
    """Before the lead: the forced opening tile, ``"any"`` or ``"draw"``."""
    round: tuple[int, int] | None
    """The verification round: (proposer, seats confirmed)."""
    drew: int
    """Draws made this turn by the seat to move (draw-one-then-pass only)."""
    last: int | None
    """The seat that laid the last tile."""
    false_pass: bool
    """Whether the open round holds a false pass (tolerant mode)."""
    faults: tuple[Fault, ...]
    """The faults committed so far (public)."""
    ending: Ending | None
    """How the hand ended, or ``None``."""
    result: HandResult | None
    """The result once the hand is over (every hand is shown at the end)."""
    full_history: bool
    """Whether ``history`` starts at the deal (False for a state built from a position)."""
    _cache: dict[str, Any] = attrs.field(factory=dict, eq=False, repr=False, alias="_cache")

    # ------------------------------------------------------------------ reading
    @property
    def layout(self) -> Layout:
        """The layout on the table."""
        return Layout(line=self.line)

    @property
    def verification(self) -> VerificationRound | None:
        """The verification round in progress (or the completed one)."""
        if self.round is None:
            return None
        proposer, count = self.round
        return VerificationRound.after(proposer, count, self.rules.players)

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended."""
        return self.ending is not None

    def legal_moves(self) -> tuple[Move, ...]:
        """The seat's legal moves when it is to move (else ``()``)."""
        if self.ending is not None or self.turn != self.seat:
            return ()
        moves = self._cache.get("legal")
        if moves is None:
            # the mover's legal moves depend only on its hand and public facts, so any
            # placement of the unseen tiles will do
            seen = set(self.hand) | {Tile(a, b) for a, b in self.line}
            unseen = [t for t in self.rules.tile_set if t not in seen]
            hands: list[list[Tile]] = []
            k = 0
            for seat, count in enumerate(self.hand_sizes):
                if seat == self.seat:
                    hands.append(list(self.hand))
                else:
                    hands.append(unseen[k : k + count])
                    k += count
            moves = self._cache["legal"] = self._state_from(hands, unseen[k:]).legal_moves()
        assert isinstance(moves, tuple)
        return moves

    # ------------------------------------------------------------------ inference
    def count_worlds(self) -> int:
        """The number of consistent worlds in the sampler's model.

        A world assigns every unseen tile (and every tile another seat has played) to a
        class of interchangeable slots (a seat's dealt tiles and draws that allow the
        same tiles form one class; so do the boneyard's places). Every world stands for
        the same number of deals, so drawing worlds uniformly draws deals uniformly.
        """
        return sampling.count_worlds(self._model())

    def holders(self) -> dict[Tile, tuple[int, ...]]:
        """For every tile the seat cannot see, the seats that may hold it now.

        The boneyard is written ``-1``. A seat is listed exactly when some consistent
        world puts the tile in its hand.
        """
        return sampling.holders(self._model())

    def voids(self) -> tuple[frozenset[int], ...]:
        """Per seat, the pip values it is known to hold none of now.

        A pass (or a forced draw) shows the seat held nothing for the open ends then;
        later draws can bring those values back. The observing seat's own entry lists
        the values it truly lacks.
        """
        return sampling.voids(self, self._model())

    def sample(self, rng: random.Random) -> HandState:
        """A complete `HandState` drawn uniformly among the deals consistent with this
        observation (its history is empty; its position is the sampled world's).

        Raises:
            TypeError: ``rng`` is not a `random.Random`.
            ValueError: the hand is over (every hand has been shown: nothing is hidden).
        """
        if not isinstance(rng, random.Random):
            raise TypeError(f"expected a random.Random, got {rng!r}")
        if self.ending is not None:
            raise ValueError("the hand is over: there is nothing hidden to sample")
        return self._sample_state(rng)

    def sample_deal(self, rng: random.Random) -> Deal:
        """A deal drawn uniformly among those consistent with this observation.

        The hands as dealt and the boneyard in draw order: replaying the public
        history from it (each draw taking the next boneyard tile) reaches a state this
        seat cannot tell from the real one. This is what a search that needs whole
        histories (OpenSpiel's information-set MCTS, say) resamples; `sample` gives the
        current position alone.

        Raises:
            TypeError: ``rng`` is not a `random.Random`.
            ValueError: the hand is over, or the observation has no history to go by
                (its state was built from a position).
        """
        if not isinstance(rng, random.Random):
            raise TypeError(f"expected a random.Random, got {rng!r}")
        if self.ending is not None:
            raise ValueError("the hand is over: there is nothing hidden to sample")
        if not self.full_history:
            raise ValueError("the state was built from a position: its deal is unknown")
        return sampling.consistent_deal(self, self._model(), rng, self._replay)[0]

    # ------------------------------------------------------------------ internals
    def _model(self) -> sampling.Model:
        model = self._cache.get("model")
        if model is None:
            model = self._cache["model"] = sampling.build_model(self)
        assert isinstance(model, sampling.Model)
        return model

    def _sample_state(self, rng: random.Random) -> HandState:
        model = self._model()
        if model.replay:
            _, state = sampling.consistent_deal(self, model, rng, self._replay)
            assert state is not None
            core = state._core
            return self._world(list(core[2]), list(core[3]))
        masks, boneyard = sampling.sample_world(self, model, rng)
        return self._world(masks, boneyard)

    def _world(self, masks: list[int], boneyard: list[int]) -> HandState:
        """The state with these hands (bitmasks) and boneyard (tile indices)."""
        template = self._cache.get("template")
        if template is None:
            # the first world is built and checked through a position; later ones reuse
            # its public part
            from dominoes.state import _with_tiles  # noqa: PLC0415 (state imports us)

            hands = [[tile_from_index(i) for i in bit_indices(m)] for m in masks]
            state = self._state_from(hands, [tile_from_index(i) for i in boneyard])
            self._cache["template"] = (state, _with_tiles)
            return state
        first, with_tiles = template
        return with_tiles(first, tuple(masks), tuple(boneyard))  # type: ignore[no-any-return]

    def _replay(self, deal: Deal) -> HandState | None:
        """The state ``deal`` reaches through the public history, if it is one this
        observation describes; else ``None``."""
        from dominoes.state import _FAULTS, _RFALSE, HandState  # noqa: PLC0415 (state imports us)

        try:
            state = HandState.start(self.rules, deal)
            for entry in self.history:
                if state.turn != entry.seat or state.is_over:
                    return None
                state = state.apply(DRAW if isinstance(entry.move, Draw) else entry.move)
        except (DealError, IllegalMoveError):
            return None
        core = state._core
        if state.is_over or state.turn != self.turn or core[_FAULTS] != self.faults:
            return None
        if core[_RFALSE] != self.false_pass:
            return None
        # once the moves replay legally, seat by seat, with the same faults, the public
        # facts agree but for the opening, which depends on the hands
        if not self.line and state.observation(self.seat) != self:
            return None
        return state

    def _state_from(self, hands: list[list[Tile]], boneyard: list[Tile]) -> HandState:
        """The state with these hands and boneyard and this observation's public facts."""
        from dominoes.notation import Position  # noqa: PLC0415
        from dominoes.state import HandState  # noqa: PLC0415 (state imports this module)

        position = Position(
            max_pip=self.rules.max_pip,
            hands=tuple(tuple(sorted(h)) for h in hands),
            boneyard=tuple(boneyard),
            line=self.line,
            lead=self.lead,
            turn=self.turn,
            opening=self.opening,
            ending=self.ending,
            round=self.round,
            drew=self.drew,
            last=self.last,
            false_pass=self.false_pass,
            faults=self.faults,
        )
        return HandState.from_position(position, self.rules)
