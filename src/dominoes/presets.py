"""Named rulesets: the seed games, common table variants, the games of the fives family
and Sebastopol, the Latin American partnership games, and compatibility rulesets.

Every preset has a name, aliases, and a page section in the rules reference. Build
one with `Ruleset.preset(name, **overrides)` or `find_preset(name).build(...)`.

The spinner and end-count games (``all-fives``, ``muggins``, ``five-up``,
``fives-and-threes``, ``sebastopol``, ``sniff``, ``bergen``, ``double-bergen``, rules
PRESET-3 to PRESET-10) are keyed by their rules, not their names: ``muggins`` is the game
without a spinner, as pagat.com names it, while US texts usually mean ``all-fives`` by
"Muggins". Their pages list, under "Not yet", the rules of their sources the engine does
not have yet.

>>> from dominoes import SpinnerRule
>>> find_preset("all_fives").build().spinner
<SpinnerRule.FIRST_DOUBLE: 'first_double'>
>>> find_preset("muggins").build() == find_preset("all-fives").build(spinner=SpinnerRule.NONE)
True

The Latin American partnership games (``cuban``, ``dominican``, ``puerto-rican``, rules
PRESET-11 to PRESET-13) are played counter-clockwise. An alias that other games go by as
well (`Preset.ambiguous`: ``latin`` finds ``partnership``) finds its preset with an
`AmbiguousPresetWarning` that says which one it picked.

A preset is data (`Preset`): a base game (`BaseGame`, Block or Draw) and a mapping of
`Ruleset` options, with its names and a summary. The table is defined in
`dominoes.rules` next to `Ruleset.preset`, so that neither module imports the other
inside a function; this module is where it is documented and found.
"""

from __future__ import annotations

from dominoes.rules import PRESETS, BaseGame, Preset, find_preset

__all__ = ["PRESETS", "BaseGame", "Preset", "find_preset"]
