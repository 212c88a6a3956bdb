"""Hand and match records: a whole hand (or match) as text, replayable through the engine.

A record names a ruleset (a preset and the fields that differ from it), the deal (a
seed, the tiles, or both) and every move in order, as ``"SEAT TOKEN"`` strings. It is
written in TOML (read with the standard library's `tomllib`) or, with the same
structure, in JSON. The full specification is docs/notation.md.

The API mirrors `json`: `load`, `loads`, `dump` and `dumps`. Reading checks
everything, replaying every move; the first problem raises `RecordError`, which names
the line. `validate` reports every problem it can find instead, without raising.

>>> from dominoes import Ruleset
>>> record = HandRecord(rules=Ruleset.block(), seed=3, moves=["1 6-6", "0 4-6:R"])
>>> print(dumps(record))
format = "dominoes-hand"
version = 1
ruleset = "block"
seed = 3
moves = [
  "1 6-6",
  "0 4-6:R",
]
<BLANKLINE>
>>> loads(dumps(record)) == record
True
>>> record.final.layout.ends
(6, 4)
"""

# the package is made of private modules, one concern each: the record model (_model),
# checking and replaying (_check), writing (_write), reading (_read) and finding the
# line of each key in the text (_locate); these are their public names

from __future__ import annotations

from dominoes.exports import claim_public_names
from dominoes.records._check import Problem
from dominoes.records._model import FORMAT_VERSION, HandEntry, HandRecord, MatchRecord, Record
from dominoes.records._read import MAX_RECORD, load, loads, validate
from dominoes.records._write import dump, dumps

__all__ = [
    "FORMAT_VERSION",
    "MAX_RECORD",
    "HandEntry",
    "HandRecord",
    "MatchRecord",
    "Problem",
    "Record",
    "dump",
    "dumps",
    "load",
    "loads",
    "validate",
]

# the public names read as this package's (reprs, pickles, the docs and the error sweep)
claim_public_names(globals())
