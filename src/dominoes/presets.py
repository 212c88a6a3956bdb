"""Named rulesets: the seed games, common table variants and compatibility rulesets.

Every preset has a name, aliases, and a page section in the rules reference. Build
one with `Ruleset.preset(name, **overrides)` or `find_preset(name).build(...)`.

A preset is data (`Preset`): a base game (`BaseGame`, Block or Draw) and a mapping of
`Ruleset` options, with its names and a summary. The table is defined in
`dominoes.rules` next to `Ruleset.preset`, so that neither module imports the other
inside a function; this module is where it is documented and found.
"""

from __future__ import annotations

from dominoes.rules import PRESETS, BaseGame, Preset, find_preset

__all__ = ["PRESETS", "BaseGame", "Preset", "find_preset"]
