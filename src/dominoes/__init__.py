"""dominoes: a rules library for dominoes.

An immutable, typed model of tile sets, deals, legal moves, passing, drawing
from the boneyard, the verification round that establishes a blocked hand, and
end-of-hand scoring, for the Block game and the Draw game and their variants.

>>> from dominoes import Deal, HandState, Ruleset
>>> rules = Ruleset.block(players=4, partnership=True)
>>> state = HandState.start(rules, Deal.random(rules, seed=42))
>>> while not state.is_over:
...     state = state.apply(state.legal_moves()[0])
>>> state.result.ending
<Ending.DOMINO: 'domino'>
"""

import importlib
from typing import TYPE_CHECKING

from dominoes.deal import Deal
from dominoes.errors import (
    AgentError,
    AmbiguousPresetWarning,
    ArgumentError,
    ArgumentTypeError,
    ArgumentValueError,
    DealError,
    DealProblem,
    DominoesError,
    EmptyLayoutError,
    IllegalMoveError,
    IllegalMoveReason,
    InvalidTileError,
    MatchError,
    NotationError,
    RecordError,
    RulesetError,
    SamplingError,
    UnknownAgentError,
    UnknownNameError,
    UnknownPresetError,
)
from dominoes.faults import Fault, FaultKind
from dominoes.layout import Layout, Owed, Train, TrainTurn
from dominoes.match import Match
from dominoes.moves import (
    DRAW,
    MUGGINS,
    PASS,
    STOP,
    Claim,
    Draw,
    End,
    Move,
    Muggins,
    Pass,
    Play,
    Step,
    Stop,
)
from dominoes.presets import Preset, find_preset
from dominoes.rules import (
    BlockDetection,
    BlockTie,
    BlockWinner,
    ClaimRule,
    ConcedeScoring,
    Direction,
    DominoWinner,
    DoubleDuty,
    DoubleFollow,
    DrawnLead,
    DrawRule,
    EngineSchedule,
    EngineSource,
    FaultMode,
    FaultPenalty,
    MarkerRemoval,
    MexicanOpen,
    NearTargetCap,
    NextLead,
    NoDoubleRule,
    Opening,
    PartnerPips,
    PartnershipOut,
    PlayScale,
    PlayScoring,
    Ruleset,
    Scoring,
    SpinnerCount,
    SpinnerFill,
    SpinnerRule,
    TargetExact,
    TileValues,
)
from dominoes.scoring import Bonus, BonusKind, Ending, HandResult
from dominoes.state import HandState, Observation, Phase
from dominoes.tiles import Tile, TileSet
from dominoes.verification import VerificationRound

if TYPE_CHECKING:  # pragma: no cover - what __getattr__ loads on first use
    from dominoes.agents import Agent, GreedyAgent, RandomAgent, SearchAgent
    from dominoes.arena import ArenaReport, run_arena
    from dominoes.codec import ActionCodec, ObservationEncoder
    from dominoes.records import HandEntry, HandRecord, MatchRecord, Problem
    from dominoes.render import diagram

_LAZY = {
    **dict.fromkeys(("Agent", "GreedyAgent", "RandomAgent", "SearchAgent"), "dominoes.agents"),
    **dict.fromkeys(("ArenaReport", "run_arena"), "dominoes.arena"),
    **dict.fromkeys(("ActionCodec", "ObservationEncoder"), "dominoes.codec"),
    **dict.fromkeys(("HandEntry", "HandRecord", "MatchRecord", "Problem"), "dominoes.records"),
    "diagram": "dominoes.render",
}
"""Names of the package loaded on first use, and the module each comes from: what reads
the engine for a user (agents, the arena, the codec, records, the text diagram) is not
imported by ``import dominoes`` (nor ``multiprocessing``, ``tomllib`` or ``json`` through them)."""

_SUBMODULES = frozenset(
    (
        "adapters",
        "agents",
        "arena",
        "batch",
        "cli",
        "codec",
        "fields",
        "perft",
        "records",
        "render",
        "sampling",
        "simulation",
        "stats",
        "svg",
        "words",
    )
)
"""Submodules that ``dominoes.<name>`` imports on first use (others load eagerly)."""


def __getattr__(name: str) -> object:
    """Load a lazy name (`_LAZY`) or submodule (`_SUBMODULES`) on first use, as attrs
    does for its own submodules."""
    module = _LAZY.get(name)
    if module is not None:
        value = getattr(importlib.import_module(module), name)
        globals()[name] = value
        return value
    if name in _SUBMODULES:
        return importlib.import_module(f"dominoes.{name}")
    raise AttributeError(f"module 'dominoes' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY, *_SUBMODULES})


__version__ = "0.1.0.dev0"

__all__ = [
    "DRAW",
    "MUGGINS",
    "PASS",
    "STOP",
    "ActionCodec",
    "Agent",
    "AgentError",
    "AmbiguousPresetWarning",
    "ArenaReport",
    "ArgumentError",
    "ArgumentTypeError",
    "ArgumentValueError",
    "BlockDetection",
    "BlockTie",
    "BlockWinner",
    "Bonus",
    "BonusKind",
    "Claim",
    "ClaimRule",
    "ConcedeScoring",
    "Deal",
    "DealError",
    "DealProblem",
    "Direction",
    "DominoWinner",
    "DominoesError",
    "DoubleDuty",
    "DoubleFollow",
    "Draw",
    "DrawRule",
    "DrawnLead",
    "EmptyLayoutError",
    "End",
    "Ending",
    "EngineSchedule",
    "EngineSource",
    "Fault",
    "FaultKind",
    "FaultMode",
    "FaultPenalty",
    "GreedyAgent",
    "HandEntry",
    "HandRecord",
    "HandResult",
    "HandState",
    "IllegalMoveError",
    "IllegalMoveReason",
    "InvalidTileError",
    "Layout",
    "MarkerRemoval",
    "Match",
    "MatchError",
    "MatchRecord",
    "MexicanOpen",
    "Move",
    "Muggins",
    "NearTargetCap",
    "NextLead",
    "NoDoubleRule",
    "NotationError",
    "Observation",
    "ObservationEncoder",
    "Opening",
    "Owed",
    "PartnerPips",
    "PartnershipOut",
    "Pass",
    "Phase",
    "Play",
    "PlayScale",
    "PlayScoring",
    "Preset",
    "Problem",
    "RandomAgent",
    "RecordError",
    "Ruleset",
    "RulesetError",
    "SamplingError",
    "Scoring",
    "SearchAgent",
    "SpinnerCount",
    "SpinnerFill",
    "SpinnerRule",
    "Step",
    "Stop",
    "TargetExact",
    "Tile",
    "TileSet",
    "TileValues",
    "Train",
    "TrainTurn",
    "UnknownAgentError",
    "UnknownNameError",
    "UnknownPresetError",
    "VerificationRound",
    "__version__",
    "diagram",
    "find_preset",
    "run_arena",
]
