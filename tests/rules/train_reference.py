"""A plain, slow reference model of the train games (Mexican Train, Private Trains), written
from the rules of docs/rules/trains.md (TRAIN-1 and TRAIN-3 to TRAIN-10) and nothing else.

It shares no code with the engine: a state is a dict of lists and ints, a tile a ``(low,
high)`` pair, a move a token as the engine prints it (``"4-6:T2"``, ``"3-5:M"``, ``"4-4"``
for laying the engine, ``"draw"``, ``"pass"``, ``"stop"``). The rule options come in as a
plain dict of option names to value names (`options` reads them off a `Ruleset`).

* `start(opts, hands, boneyard)` -> the state before the first move;
* `legal(state)` -> the set of legal tokens, `ordered(state)` the same in the engine's
  documented order (plays by train T0..T11, M, then by tile index; then ``stop``);
* `apply(state, token)` -> a new state (the old one is untouched);
* `over(state)` -> ``None`` while the hand goes on, else a dict with ``ending``
  (``"domino"`` or ``"blocked"``), ``points`` per seat and ``low`` (the seats with the
  lowest points);
* readers of the public facts: `trains`, `open_doubles`, `markers`, `turn`.

Readings taken where the rules page leaves room (the report of the branch lists them):

* a run (TRAIN-7) starts only with the first play of a seat's first turn, when it goes on
  the seat's own train (after a draw too); a play on the own train in the extra play a
  double earns elsewhere is a normal play;
* the gate of TRAIN-5 is the oldest open double that is in force (not laid in a run, or
  every seat has had its first turn) and still holds up play (under LAYER_ONLY, its layer
  has not passed since laying it; for a run's double, the first seat it held up has not
  passed; that pass restarts the count of TRAIN-9 at 0, as docs/rules/trains.md now says);
  any tile laid on a train whose end is an open double satisfies it, gate or not;
* laying the engine (HOLDER, DRAW_UNTIL_FOUND) ends the holder's turn, and so counts as
  its first turn (as docs/rules/trains.md now says); the draws that look for the engine
  end no turn and ignore the floor;
* the IMMEDIATE block (TRAIN-9) is checked at the start and after every move (of a run
  too), once the hub is down.

``opts["layer_only_reading"] = "engine"`` (what `options` gives, the reading
docs/rules/trains.md settled on; ``"spec"`` plays the one above) plays LAYER_ONLY as the
engine does: any seat's pass facing the gate lifts it (the double leaves the
open doubles, its train still ends in it) and restarts the pass count at 0, the IMMEDIATE
block ignores gates, and a round of passes blocks the hand under IMMEDIATE too.
"""

from __future__ import annotations

from typing import Any

from dominoes import Ruleset

Pair = tuple[int, int]
State = dict[str, Any]

OPTION_NAMES = (
    "engine_source",
    "mexican_train",
    "mexican_open_from",
    "first_turn_run",
    "marker_removal",
    "double_follow",
    "double_duty",
    "block_detection",
    "tile_values",
)


def options(rules: Ruleset) -> dict[str, Any]:
    """The rule options of ``rules`` as plain values (enum members by name)."""
    opts: dict[str, Any] = {
        "players": rules.players,
        "max_pip": rules.max_pip,
        "engine": rules.max_pip if rules.engine is None else rules.engine,
        "boneyard_floor": rules.boneyard_floor,
        "opening_seat": rules.opening_seat,
    }
    for name in OPTION_NAMES:
        value = getattr(rules, name)
        opts[name] = value if isinstance(value, bool) else value.name
    # docs/rules/trains.md reads LAYER_ONLY as the first seat a double holds up (its layer,
    # or for a run's double the first seat after the runs): see the module's docstring
    opts["layer_only_reading"] = "engine"
    return opts


def pair(text: str) -> Pair:
    a, b = (int(x) for x in text.split("-"))
    return (min(a, b), max(a, b))


def text(tile: Pair) -> str:
    return f"{tile[0]}-{tile[1]}"


def index(tile: Pair) -> int:
    """The tile's place in the canonical order 0-0, 0-1, 1-1, 0-2, 1-2, 2-2, ..."""
    return tile[1] * (tile[1] + 1) // 2 + tile[0]


def value(opts: dict[str, Any], tile: Pair) -> int:
    """What ``tile`` costs left in hand (TRAIN-10)."""
    kind = opts["tile_values"]
    if kind != "PIPS" and tile == (0, 0):
        return 50
    if kind == "BLANKS_25" and tile[0] == 0:
        return 25
    return tile[0] + tile[1]


# ------------------------------------------------------------------ the state
def start(opts: dict[str, Any], hands: list[list[Pair]], boneyard: list[Pair]) -> State:
    """The state before the first move (TRAIN-1)."""
    n = opts["players"]
    e = opts["engine"]
    engine = (e, e)
    whole = [(a, b) for b in range(opts["max_pip"] + 1) for a in range(b + 1)]
    held = [t for h in hands for t in h] + list(boneyard)
    aside = opts["engine_source"] == "SET_ASIDE"
    expect = sorted(t for t in whole if not (aside and t == engine))
    if sorted(held) != expect or len(hands) != n:
        raise ValueError("the deal does not hold the set (without the engine, if set aside)")
    n_trains = n + (1 if opts["mexican_train"] else 0)
    state: State = {
        "opts": opts,
        "hands": [list(h) for h in hands],
        "bone": list(boneyard),
        "hub": aside,
        "tiles": [[] for _ in range(n_trains)],  # each train's tiles, oriented outward
        "marked": [False] * n,
        # the open doubles, oldest first: [train, layer, laid in a run, lifted]
        "open": [],
        "turn": opts["opening_seat"],
        "mode": "normal",  # normal | extra (after a double) | run | engine (hub not down)
        "drew": False,  # a draw was made for the current obligation
        "played": False,  # the current turn has a play
        "first_done": [False] * n,
        "passes": 0,
        "end": None,
    }
    if not aside:
        state["mode"] = "engine"
        holders = [s for s in range(n) if engine in hands[s]]
        if holders:
            state["turn"] = holders[0]
        elif opts["engine_source"] == "HOLDER":
            raise ValueError("nobody holds the engine double")
    _check_block(state)
    return state


def copy(state: State) -> State:
    new = dict(state)
    new["hands"] = [list(h) for h in state["hands"]]
    new["bone"] = list(state["bone"])
    new["tiles"] = [list(t) for t in state["tiles"]]
    new["marked"] = list(state["marked"])
    new["open"] = [list(o) for o in state["open"]]
    new["first_done"] = list(state["first_done"])
    return new


def train_token(state: State, k: int) -> str:
    return "M" if k == state["opts"]["players"] else f"T{k}"


def train_value(state: State, k: int) -> int:
    tiles = state["tiles"][k]
    return tiles[-1][1] if tiles else int(state["opts"]["engine"])


def accessible(state: State, seat: int, *, all_marked: bool = False) -> list[int]:
    """The trains ``seat`` may play on by ownership and markers (TRAIN-3, TRAIN-4)."""
    opts = state["opts"]
    n = opts["players"]
    out = [k for k in range(n) if k == seat or all_marked or state["marked"][k]]
    if opts["mexican_train"] and (
        opts["mexican_open_from"] == "FIRST_TURN" or state["tiles"][seat]
    ):
        out.append(n)
    return out


def gate(state: State) -> int | None:
    """The train of the oldest open double in force that still holds up play (TRAIN-5,
    TRAIN-7), or ``None``."""
    everyone = all(state["first_done"])
    for k, _layer, run, lifted in state["open"]:
        if (everyone or not run) and not lifted:
            return int(k)
    return None


def _fits(tile: Pair, v: int) -> bool:
    return v in tile


def _plays(state: State) -> list[tuple[Pair, int]]:
    """The legal (tile, train) plays of the seat to move."""
    opts = state["opts"]
    s = state["turn"]
    hand = state["hands"][s]
    mode = state["mode"]
    if mode == "run":
        return [(t, s) for t in hand if _fits(t, train_value(state, s))]
    acc = accessible(state, s)
    g = gate(state)
    out: list[tuple[Pair, int]] = []
    for t in hand:
        if mode == "extra" and opts["double_follow"] == "ANYWHERE":
            ks = acc
        elif mode == "extra" and opts["double_follow"] == "MULTI_DOUBLES" and g is not None:
            ks = acc if t[0] == t[1] else [g]
        elif g is not None:
            ks = [g]
        else:
            ks = acc
        out.extend((t, k) for k in ks if _fits(t, train_value(state, k)))
    return out


def legal(state: State) -> set[str]:
    return set(ordered(state))


def ordered(state: State) -> list[str]:
    """The legal tokens in the engine's documented order."""
    if state["end"] is not None:
        return []
    s = state["turn"]
    e = state["opts"]["engine"]
    if state["mode"] == "engine":
        return [f"{e}-{e}"] if (e, e) in state["hands"][s] else ["draw"]
    plays = sorted(_plays(state), key=lambda p: (p[1], index(p[0])))
    out = [f"{text(t)}:{train_token(state, k)}" for t, k in plays]
    if state["mode"] == "run":
        return [*out, "stop"]
    if out:
        return out
    if not state["drew"] and len(state["bone"]) > state["opts"]["boneyard_floor"]:
        return ["draw"]
    return ["pass"]


def _end_turn(state: State) -> None:
    s = state["turn"]
    state["first_done"][s] = True
    state["mode"] = "normal"
    state["drew"] = False
    state["played"] = False
    state["turn"] = (s + 1) % state["opts"]["players"]


def apply(state: State, token: str) -> State:
    """The state after ``token`` (which must be legal)."""
    if token not in legal(state):
        raise ValueError(f"illegal move {token!r}; legal: {ordered(state)}")
    st = copy(state)
    opts = st["opts"]
    n = opts["players"]
    s = st["turn"]
    e = opts["engine"]
    if st["mode"] == "engine":
        if token == "draw":
            tile = st["bone"].pop(0)
            st["hands"][s].append(tile)
            if tile != (e, e):
                st["turn"] = (s + 1) % n
        else:
            st["hands"][s].remove((e, e))
            st["hub"] = True
            st["passes"] = 0
            _end_turn(st)
        _check_block(st)
        return st
    if token == "draw":
        st["hands"][s].append(st["bone"].pop(0))
        st["drew"] = True
        st["passes"] = 0
    elif token == "pass":
        if not st["marked"][s]:
            st["marked"][s] = True
            st["passes"] = 1
        else:
            st["passes"] += 1
        if opts["double_duty"] == "LAYER_ONLY" and opts.get("layer_only_reading") == "engine":
            g = gate(st)  # any seat's pass lifts the gate it faced, and restarts the count
            if g is not None:
                st["open"] = [o for o in st["open"] if o[0] != g]
                st["passes"] = 0
        elif opts["double_duty"] == "LAYER_ONLY":
            # TRAIN-5: a double stops holding up play once its layer has passed; a double
            # left by a first-turn run, once the first seat it holds up has passed. That
            # pass confirms nothing for the round of TRAIN-9 (its seat faced the double alone)
            g = gate(st)
            lifted = False
            for o in st["open"]:
                if not o[3] and (o[0] == g if o[2] else o[1] == s):
                    o[3] = lifted = True
            if lifted:
                st["passes"] = 0
        _end_turn(st)
        counted = opts["block_detection"] == "VERIFICATION_ROUND" or (
            opts["double_duty"] == "LAYER_ONLY" and opts.get("layer_only_reading") == "engine"
        )
        if counted and st["passes"] >= n:
            st["end"] = "blocked"
    elif token == "stop":
        _end_turn(st)
    else:
        tile_text, _, where = token.partition(":")
        tile = pair(tile_text)
        k = n if where == "M" else int(where[1:])
        v = train_value(st, k)
        st["hands"][s].remove(tile)
        st["tiles"][k].append((v, tile[1] if tile[0] == v else tile[0]))
        st["open"] = [o for o in st["open"] if o[0] != k]  # satisfied (TRAIN-5)
        st["passes"] = 0
        removal = opts["marker_removal"]
        if k == s or removal == "ANY_PLAY":
            st["marked"][s] = False
        double = tile[0] == tile[1]
        if not st["hands"][s]:
            st["end"] = "domino"  # TRAIN-6, TRAIN-9: out, on a double too (left open)
            if double:
                st["open"].append([k, s, st["mode"] == "run", False])
        elif st["mode"] == "run":
            if double:
                st["open"].append([k, s, True, False])
        elif (
            st["mode"] == "normal"
            and opts["first_turn_run"]
            and not st["first_done"][s]
            and not st["played"]
            and k == s
        ):
            st["mode"] = "run"
            if double:
                st["open"].append([k, s, True, False])
        elif double:
            st["open"].append([k, s, False, False])
            st["mode"] = "extra"
            st["drew"] = False
        else:
            _end_turn(st)
        if st["end"] is None and st["turn"] == s:
            st["played"] = True
    _check_block(st)
    return st


def _check_block(state: State) -> None:
    """TRAIN-9 with IMMEDIATE: the boneyard at its floor and no seat holds a tile that
    fits a train it could play on were every train marked (or the gate, if any)."""
    opts = state["opts"]
    if state["end"] is not None or opts["block_detection"] != "IMMEDIATE" or not state["hub"]:
        return
    if len(state["bone"]) > opts["boneyard_floor"]:
        return
    g = gate(state)
    if opts["double_duty"] == "LAYER_ONLY" and opts.get("layer_only_reading") == "engine":
        g = None
    for s in range(opts["players"]):
        ks = [g] if g is not None else accessible(state, s, all_marked=True)
        for t in state["hands"][s]:
            if any(_fits(t, train_value(state, k)) for k in ks):
                return
    state["end"] = "blocked"


# ------------------------------------------------------------------ readers
def over(state: State) -> dict[str, Any] | None:
    if state["end"] is None:
        return None
    opts = state["opts"]
    points = tuple(sum(value(opts, t) for t in h) for h in state["hands"])
    low = min(points)
    return {
        "ending": state["end"],
        "points": points,
        "low": tuple(s for s, p in enumerate(points) if p == low),
    }


def in_round(state: State) -> bool:
    """Whether a verification round is open (TRAIN-9 under VERIFICATION_ROUND, as
    docs/rules/trains.md words it since a3caee7): passes are being counted, nobody can draw."""
    opts = state["opts"]
    return bool(
        opts["block_detection"] == "VERIFICATION_ROUND"
        and state["passes"] > 0
        and len(state["bone"]) <= opts["boneyard_floor"]
    )


def turn(state: State) -> int:
    return int(state["turn"])


def markers(state: State) -> tuple[int, ...]:
    return tuple(s for s, m in enumerate(state["marked"]) if m)


def open_doubles(state: State) -> tuple[str, ...]:
    """The trains whose end is an open double, oldest first, by token."""
    return tuple(train_token(state, o[0]) for o in state["open"])


def trains(state: State) -> tuple[tuple[Any, ...], ...]:
    """Every train as (token, owner, tiles outward, value, marked, open double)."""
    n = state["opts"]["players"]
    out = []
    for k, tiles in enumerate(state["tiles"]):
        out.append(
            (
                train_token(state, k),
                None if k == n else k,
                tuple(tiles),
                train_value(state, k),
                k < n and state["marked"][k],
                bool(tiles) and tiles[-1][0] == tiles[-1][1],
            )
        )
    return tuple(out)


def hands(state: State) -> tuple[tuple[Pair, ...], ...]:
    return tuple(tuple(sorted(h, key=index)) for h in state["hands"])
