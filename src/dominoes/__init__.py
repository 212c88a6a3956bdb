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

from dominoes.agents import Agent, GreedyAgent, RandomAgent, SearchAgent
from dominoes.arena import ArenaReport, run_arena
from dominoes.codec import ActionCodec, ObservationEncoder
from dominoes.deal import Deal
from dominoes.errors import (
    AgentError,
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
from dominoes.layout import Layout
from dominoes.match import Match
from dominoes.moves import DRAW, PASS, Draw, End, Move, Pass, Play, Step
from dominoes.observation import Observation
from dominoes.presets import Preset, find_preset
from dominoes.records import HandEntry, HandRecord, MatchRecord, Problem
from dominoes.render import diagram
from dominoes.rules import (
    BlockDetection,
    BlockTie,
    BlockWinner,
    ConcedeScoring,
    DominoWinner,
    DrawnLead,
    DrawRule,
    FaultMode,
    FaultPenalty,
    NextLead,
    NoDoubleRule,
    Opening,
    PartnerPips,
    Ruleset,
    Scoring,
)
from dominoes.scoring import Ending, HandResult
from dominoes.state import HandState, Phase
from dominoes.tiles import Tile, TileSet
from dominoes.verification import VerificationRound

__version__ = "0.1.0.dev0"

__all__ = [
    "DRAW",
    "PASS",
    "ActionCodec",
    "Agent",
    "AgentError",
    "ArenaReport",
    "ArgumentError",
    "ArgumentTypeError",
    "ArgumentValueError",
    "BlockDetection",
    "BlockTie",
    "BlockWinner",
    "ConcedeScoring",
    "Deal",
    "DealError",
    "DealProblem",
    "DominoWinner",
    "DominoesError",
    "Draw",
    "DrawRule",
    "DrawnLead",
    "EmptyLayoutError",
    "End",
    "Ending",
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
    "Match",
    "MatchError",
    "MatchRecord",
    "Move",
    "NextLead",
    "NoDoubleRule",
    "NotationError",
    "Observation",
    "ObservationEncoder",
    "Opening",
    "PartnerPips",
    "Pass",
    "Phase",
    "Play",
    "Preset",
    "Problem",
    "RandomAgent",
    "RecordError",
    "Ruleset",
    "RulesetError",
    "SamplingError",
    "Scoring",
    "SearchAgent",
    "Step",
    "Tile",
    "TileSet",
    "UnknownAgentError",
    "UnknownNameError",
    "UnknownPresetError",
    "VerificationRound",
    "__version__",
    "diagram",
    "find_preset",
    "run_arena",
]
