"""Tests of scripts/hand_stats.py, the script that writes the statistics page.

The script is run on tiny samples into temporary folders: the page and the plots are
written, the numbers on the page are the ones the simulation produced and are
consistent, the same seed gives the same files whatever the number of workers, and
the fast players of the script make exactly the moves of the library's agents.
"""

from __future__ import annotations

import importlib
import importlib.util
import math
import re
import statistics
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from dominoes import HandState, PlayScoring, Ruleset
from dominoes.agents import Agent, GreedyAgent, RandomAgent
from dominoes.simulation import play_hand, play_match
from stats_script import hand_stats_module

HANDS = 10
SEED = 5
Output = tuple[str, dict[str, bytes]]
"""A run of the script: the page and the plots' bytes by file name."""
RATE = re.compile(r"(\d+\.\d)% \[(\d+\.\d), (\d+\.\d)\]")


@pytest.fixture(scope="module")
def hs() -> Iterator[ModuleType]:
    """The script as a module, with a few train tables (`hand_stats_module`)."""
    with hand_stats_module() as module:
        yield module


@pytest.fixture(scope="module")
def tallies(hs: ModuleType) -> dict[str, Any]:
    """Every configuration, ``HANDS`` hands each, from ``SEED``."""
    result: dict[str, Any] = hs.simulate(hs.configurations(), hands=HANDS, seed=SEED)
    return result


def run(hs: ModuleType, out: Path, *options: str) -> Output:
    """Run the script's main into ``out``; the page and the plots' bytes by file name."""
    argv = ["--hands", str(HANDS), "--seed", str(SEED), "--out-dir", str(out), *options]
    assert hs.main(argv) == 0
    page = (out / "statistics.md").read_text(encoding="utf-8")
    plots = {p.name: p.read_bytes() for p in sorted((out / "assets" / "stats").iterdir())}
    return page, plots


@pytest.fixture(scope="module")
def output(hs: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> Output:
    """One tiny run of the script, in one process."""
    return run(hs, tmp_path_factory.mktemp("stats"))


# ---------------------------------------------------------------------- the page


def test_page_and_plots_are_written(output: Output) -> None:
    page, plots = output
    assert page.startswith("# Statistics\n")
    assert f"python scripts/hand_stats.py --hands {HANDS} --seed {SEED}\n" in page
    assert sorted(plots) == ["block_rate.svg", "hand_size.svg", "lead_seat.svg", "trains.svg"]
    for name, data in plots.items():
        assert f"](assets/stats/{name})" in page
        root = ET.fromstring(data)
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        text = data.decode("utf-8")
        assert "<dc:date>" not in text  # no date: a re-run gives the same file
        assert "<text" in text  # fonts as text, not as glyph paths
        assert len(data) < 200_000
    for heading in (
        "## 1. How often",
        "## 2. How much",
        "## 3. How does the hand size",
        "## 4. The games with arms",
        "## 5. The train games",
    ):
        assert heading in page


def test_page_states_the_sample(hs: ModuleType, output: Output) -> None:
    page, _ = output
    configs = len(hs.configurations()) - 2 * len(hs.TRAIN_GAMES)
    assert f"{HANDS} hands per configuration" in page
    arms = 2 * len(hs.ARMS_GAMES)
    total = (configs - arms) * HANDS + arms * hs.arms_hands(HANDS)
    assert f"{hs.arms_hands(HANDS)} for question 4" in page
    assert f"{hs.arms_matches(HANDS)} matches per configuration of question 4" in page
    assert f"{configs} configurations,\n  {total} hands in all (question 5" in page
    assert f"{hs.train_hands(HANDS)} hands per configuration (a\ngame, its number" in page
    assert f"over {hs.train_matches(HANDS)} matches per configuration" in page
    assert "GreedyAgent()" in page
    assert "RandomAgent()" in page


def test_every_rate_on_the_page_is_inside_its_interval(
    output: Output,
) -> None:
    page, _ = output
    rates = RATE.findall(page)
    assert len(rates) > 100
    for value, low, high in rates:
        assert 0 <= float(low) <= float(value) <= float(high) <= 100


def table_rows(page: str, header: str) -> list[list[str]]:
    """The rows of the first Markdown table whose header starts with ``header``."""
    lines = page.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith(header))
    rows = []
    for line in lines[start + 2 :]:
        if not line.strip().startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def test_block_table_holds_the_simulated_numbers(
    hs: ModuleType, tallies: dict[str, Any], output: Output
) -> None:
    page, _ = output
    rows = table_rows(page, "| preset | seats | tiles each")
    assert len(rows) == len(hs.PRESET_GAMES)
    for row, game in zip(rows, hs.PRESET_GAMES, strict=True):
        greedy = tallies[hs.Config(game, hs.Policy.GREEDY).key]
        random_ = tallies[hs.Config(game, hs.Policy.RANDOM).key]
        assert row[0] == f"`{game.preset}`"
        assert int(row[2]) * game.rules.players + int(row[3]) == len(game.rules.tile_set)
        assert row[4] == greedy.block_rate().percent()
        assert row[5] == random_.block_rate().percent()
        assert row[6] == greedy.drawn_rate().percent()


def test_lead_table_holds_the_simulated_numbers(
    hs: ModuleType, tallies: dict[str, Any], output: Output
) -> None:
    page, _ = output
    rows = table_rows(page, "| preset | seats | lead seat | 2nd | 3rd | 4th | drawn")
    for row, game in zip(rows, hs.PRESET_GAMES, strict=True):
        t = tallies[hs.Config(game, hs.Policy.GREEDY).key]
        shown = [cell for cell in row[2:6] if cell]
        assert shown == [t.win_rate(p).percent() for p in range(game.rules.players)]
        assert row[7] == t.lead_advantage().format("+.2f")


def test_counts_add_up(hs: ModuleType, tallies: dict[str, Any]) -> None:
    assert set(tallies) == {c.key for c in hs.configurations()}
    for config in hs.configurations():
        t = tallies[config.key]
        rules = config.game.rules
        assert (t.hands, t.matches) == hs.workload(config, HANDS)
        assert t.moves >= t.hands * (2 if rules.trains else 1)  # a hand has moves
        assert 0 <= t.markers <= (t.hands * rules.players if rules.trains else 0)
        assert 0 <= t.mid_hand <= t.matches
        assert t.match_hands >= t.matches
        if rules.play_scoring is PlayScoring.NONE:
            assert t.play_total == t.mid_hand == 0
        assert t.blocked + t.domino == t.hands
        assert 0 <= t.drawn <= t.blocked  # only a blocked hand can be tied here
        if rules.partnership:
            assert t.wins[0] == t.wins[2]
            assert t.wins[1] == t.wins[3]
            assert t.points == (t.points[0], t.points[1]) * 2
            assert t.wins[0] + t.wins[1] + t.drawn == t.hands
        else:
            assert sum(t.wins) + t.drawn == t.hands
        assert len(t.wins) == len(t.points) == rules.players
        assert all(s >= 0 for s in t.points)


def test_configurations_are_unique_and_cover_the_presets(hs: ModuleType) -> None:
    configs = hs.configurations()
    keys = [c.key for c in configs]
    assert len(keys) == len(set(keys))
    # (the Latin partnership games are not in the study yet)
    latin = {"cuban", "dominican", "puerto-rican"}
    trains = {name for name in Ruleset.presets() if Ruleset.preset(name).trains}
    assert {g.preset for g in hs.PRESET_GAMES} == {
        name for name in Ruleset.presets() if not Ruleset.preset(name).has_arms
    } - latin - trains
    # question 4: every preset with arms, from the table, and two games by 4 in pairs
    # (Chicken Foot: question 5)
    assert {g.preset for g in hs.ARMS_GAMES} == {
        name for name in Ruleset.presets() if Ruleset.preset(name).has_arms
    } - {"chicken-foot"}
    # question 5: the double-12 train games and Chicken Foot with 2 to 8 players
    assert {"mexican-train", "private-trains"} <= trains
    # (TRAIN_GAMES is built from these two; the fixture cut it to a few tables)
    assert hs.TRAIN_PRESETS == ("mexican-train", "private-trains", "chicken-foot")
    assert list(hs.TRAIN_SEATS) == list(range(2, 9))
    section = hs.configurations("trains")
    assert {c.game for c in section} == set(hs.TRAIN_GAMES)
    assert set(section) <= set(configs)
    pairs = {g.preset for g in hs.ARMS_GAMES if g.rules.partnership}
    assert {"all-fives", "fives-and-threes"} <= pairs
    # the 2-player double-6 Block game of the hand-size study is the preset's game
    assert hs.game("block", hand_size=7).key == hs.game("block").key
    sizes = [g.rules.hand_size for g in hs.SIZE_SERIES[0].games]
    assert sizes == list(range(3, 15))


# ---------------------------------------------------------------------- determinism


def test_same_seed_same_files_and_workers_do_not_matter(
    hs: ModuleType, output: Output, tmp_path: Path
) -> None:
    again = run(hs, tmp_path / "again")
    assert again == output
    in_two = run(hs, tmp_path / "two", "--workers", "2")
    assert in_two == output


def test_another_seed_gives_another_page(hs: ModuleType, tmp_path: Path) -> None:
    assert hs.main(["--hands", "4", "--seed", "1", "--out-dir", str(tmp_path / "a")]) == 0
    assert hs.main(["--hands", "4", "--seed", "2", "--out-dir", str(tmp_path / "b")]) == 0
    a = (tmp_path / "a" / "statistics.md").read_text(encoding="utf-8")
    b = (tmp_path / "b" / "statistics.md").read_text(encoding="utf-8")
    assert a != b
    assert "--hands 4 --seed 1\n" in a


def test_the_tally_does_not_depend_on_the_chunks(hs: ModuleType) -> None:
    config = hs.Config(hs.game("draw", players=3), hs.Policy.RANDOM)
    whole = hs.run_chunk(config, SEED, 0, 9)
    parts = hs.run_chunk(config, SEED, 0, 4) + hs.run_chunk(config, SEED, 4, 9)
    assert whole == parts
    assert whole != hs.run_chunk(config, SEED + 1, 0, 9)


@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_the_fast_players_make_the_agents_moves(hs: ModuleType, policy: str) -> None:
    """The script plays on the state; the agents on observations: the same moves."""
    agent: Agent = GreedyAgent() if policy == "greedy" else RandomAgent()
    for game in (*hs.PRESET_GAMES, *hs.ARMS_GAMES):
        config = hs.Config(game, hs.Policy(policy))
        for index in range(3 if game in hs.PRESET_GAMES else 2):
            first, final = hs.play(config, SEED, index)
            state = HandState.start(game.rules, hs.deal_for(game, SEED, index))
            assert state == first
            rngs = hs.agent_rngs(config, SEED, index)
            while not state.is_over:
                seat = state.turn
                state = state.apply(agent.choose(state.observation(seat), rngs[seat]), seat=seat)
            assert state.history == final.history
            assert state.result == final.result


@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_train_hands_are_played_by_the_librarys_runner(hs: ModuleType, policy: str) -> None:
    agent: Agent = GreedyAgent() if policy == "greedy" else RandomAgent()
    for game in hs.TRAIN_GAMES:
        config = hs.Config(game, hs.Policy(policy))
        first, final = hs.play(config, SEED, 0)
        deal = hs.deal_for(game, SEED, 0)
        assert first == HandState.start(game.rules, deal)
        seats = [agent] * game.rules.players
        assert final == play_hand(game.rules, seats, seed=hs.train_seed(config, SEED, 0), deal=deal)
        assert final.is_over


def test_match_totals_of_a_train_game(hs: ModuleType) -> None:
    """Two matches of 8-player Mexican Train: 13 hands each, totals summed exactly."""
    config = hs.Config(hs.game("mexican-train", players=8), hs.Policy.RANDOM)
    tally = hs.run_matches(config, SEED, 0, 2)
    assert (tally.matches, tally.match_hands) == (2, 26)  # the schedule: 12-12 to 0-0
    finals = [
        play_match(
            config.game.rules,
            [RandomAgent()] * 8,
            seed=hs.match_seed(config, SEED, index),
            agent_seed=f"dominoes-stats:{SEED}:match-agent:{config.key}:{index}",
        ).scores
        for index in range(2)
    ]
    assert tally.match_points == sum(sum(s) for s in finals)
    assert tally.match_best == sum(min(s) for s in finals)  # penalty: the lowest wins
    assert tally.match_total().mean == pytest.approx(tally.match_points / 16)  # 2 matches, 8 seats
    assert tally == hs.run_matches(config, SEED, 0, 1) + hs.run_matches(config, SEED, 1, 2)


def test_deals_are_shared_by_the_agents_of_a_game_only(hs: ModuleType) -> None:
    block, draw = hs.game("block"), hs.game("draw")
    assert hs.deal_for(block, SEED, 0) == hs.deal_for(block, SEED, 0)
    assert hs.deal_for(block, SEED, 0) != hs.deal_for(draw, SEED, 0)
    assert hs.deal_for(block, SEED, 0) != hs.deal_for(block, SEED, 1)
    greedy = hs.agent_rngs(hs.Config(block, hs.Policy.GREEDY), SEED, 0)[0].random()
    random_ = hs.agent_rngs(hs.Config(block, hs.Policy.RANDOM), SEED, 0)[0].random()
    assert greedy != random_


# ---------------------------------------------------------------------- statistics


def test_wilson_interval(hs: ModuleType) -> None:
    # the script's rates are the library's (dominoes.stats), counted from integer tallies
    none = hs.Rate(successes=0, trials=10)
    assert (none.rate, none.low) == (0.0, 0.0)
    assert none.high == pytest.approx(0.2775, abs=1e-4)
    everything = hs.Rate(successes=10, trials=10)
    assert (everything.rate, everything.high) == (1.0, 1.0)
    assert everything.low == pytest.approx(1 - 0.2775, abs=1e-4)
    half = hs.Rate(successes=50, trials=100)
    assert half.low == pytest.approx(1 - half.high)
    assert half.low == pytest.approx(0.4038, abs=1e-4)
    assert half.percent() == "50.0% [40.4, 59.6]"
    assert half.variance == pytest.approx(0.0025)
    for count, total in ((1, 0), (-1, 3), (4, 3)):
        with pytest.raises(ValueError, match=r"successes|trials"):
            hs.Rate(successes=count, trials=total)


def test_mean_interval_from_sums(hs: ModuleType) -> None:
    samples = [3, -1, 4, 1, -5, 9, 2, 6]
    mean = hs.Estimate.from_sums(sum(samples), sum(x * x for x in samples), len(samples))
    assert mean.mean == pytest.approx(statistics.fmean(samples))
    half = 1.959964 * statistics.stdev(samples) / math.sqrt(len(samples))
    assert mean.half == pytest.approx(half, rel=1e-6)
    scaled = hs.Estimate.from_sums(2 * sum(samples), 4 * sum(x * x for x in samples), 8, scale=2)
    assert (scaled.mean, scaled.half) == pytest.approx((mean.mean, mean.half))
    assert hs.Estimate.from_sums(7, 49, 1) == hs.Estimate(mean=7.0, half=None)
    assert hs.Estimate(mean=1.5, half=0.25).format("+.1f") == "+1.5 ± 0.2"
    with pytest.raises(ValueError, match="count"):
        hs.Estimate.from_sums(0, 0, 0)
    with pytest.raises(ValueError, match="scale"):
        hs.Estimate.from_sums(1, 1, 2, scale=0)


def test_difference_of_rates(hs: ModuleType) -> None:
    a, b = hs.Rate(successes=60, trials=100), hs.Rate(successes=30, trials=100)
    diff = hs.Difference.of(a, b)
    assert diff.value == pytest.approx(0.3)
    assert diff.half == pytest.approx(1.959964 * math.sqrt(0.0024 + 0.0021), rel=1e-6)
    assert diff.low < diff.value < diff.high
    assert diff.format() == "+30.0 ± 13.1"


def test_tallies_of_different_tables_do_not_add(hs: ModuleType) -> None:
    two = hs.Tally.empty(Ruleset.block())
    pairs = hs.Tally.empty(Ruleset.block(players=4, partnership=True))
    assert (pairs.players, pairs.sides) == (4, 2)
    with pytest.raises(ValueError, match="different tables"):
        two + pairs


# ---------------------------------------------------------------------- verdicts


def claim(hs: ModuleType, block: tuple[int, int], draw: tuple[int, int], **game: Any) -> Any:
    """A `ClaimRow` with the given (blocked, hands) counts."""
    return hs.ClaimRow(
        hs.game("block", **game),
        hs.game("draw", **game),
        hs.Policy.GREEDY,
        hs.Rate(successes=block[0], trials=block[1]),
        hs.Rate(successes=draw[0], trials=draw[1]),
    )


def test_claim_verdicts(hs: ModuleType) -> None:
    holds = claim(hs, (600, 1000), (100, 1000))
    assert holds.holds
    assert holds.ratio == pytest.approx(6.0)
    assert holds.verdict() == "**holds**"
    assert claim(hs, (600, 1000), (0, 1000)).ratio == math.inf
    assert claim(hs, (600, 1000), (400, 1000)).verdict().startswith("more often, but less")
    assert claim(hs, (100, 1000), (400, 1000)).verdict().startswith("**fails**")
    assert claim(hs, (100, 1000), (110, 1000)).verdict() == "no significant difference"
    same = claim(hs, (300, 1000), (310, 1000), players=4, partnership=True)
    assert same.same_game
    assert same.verdict().startswith("not applicable")


def test_claim_paragraph(hs: ModuleType) -> None:
    held = claim(hs, (600, 1000), (100, 1000))
    failed = claim(hs, (100, 1000), (400, 1000), players=3)
    same = claim(hs, (300, 1000), (310, 1000), players=4, partnership=True)
    everything = hs.claim_verdict([held, same])
    assert everything.startswith("**The claim holds.** In all 1 comparisons")
    assert "6.0 times as often with 2 players" in everything
    assert "With 4 in pairs the whole set is dealt" in everything
    assert hs.claim_verdict([held, failed]).startswith("**The claim holds only in part:** in 1")
    assert hs.claim_verdict([failed]).startswith("**The claim does not hold**")
    assert "whole set" not in hs.claim_verdict([failed])
    assert "∞ times" in hs.claim_verdict([claim(hs, (600, 1000), (0, 1000))])


def test_lead_paragraph_sorts_games_by_their_interval(
    hs: ModuleType, tallies: dict[str, Any]
) -> None:
    changed = dict(tallies)
    ahead, behind = hs.PRESET_GAMES[0], hs.PRESET_GAMES[1]
    for game, sign in ((ahead, 1), (behind, -1)):
        key = hs.Config(game, hs.Policy.GREEDY).key
        t = changed[key]
        scale = t.sides - 1
        # an advantage of 50 points (or -50) per hand on average, with a little spread
        values = [sign * 50 * scale + (-1) ** i for i in range(t.hands)]
        changed[key] = hs.Tally(
            t.players,
            t.sides,
            t.hands,
            t.blocked,
            t.drawn,
            t.wins,
            t.points,
            t.points_sq,
            sum(values),
            sum(v * v for v in values),
        )
    text = hs.lead_verdict(changed)
    assert f"Ahead: `{ahead.preset}` ({ahead.seats})" in text
    assert f"Behind: `{behind.preset}` ({behind.seats})." in text
    assert f"ranges from -50.00 ± 0.33 points per hand (`{behind.preset}`, {behind.seats})" in text
    assert f"to +50.00 ± 0.65 (`{ahead.preset}`, {ahead.seats})." in text


def test_lead_paragraph_when_leading_always_pays(hs: ModuleType, tallies: dict[str, Any]) -> None:
    changed = {}
    for key, t in tallies.items():
        values = [50 * (t.sides - 1) + i % 2 for i in range(t.hands)]
        changed[key] = hs.Tally(
            t.players,
            t.sides,
            t.hands,
            t.blocked,
            t.drawn,
            t.wins,
            t.points,
            t.points_sq,
            sum(values),
            sum(v * v for v in values),
        )
    text = hs.lead_verdict(changed)
    assert text.startswith("**Leading pays in every game measured:**")
    assert "Ahead:" not in text


def test_arms_tables_hold_the_simulated_numbers(
    hs: ModuleType, tallies: dict[str, Any], output: Output
) -> None:
    page, _ = output
    rows = table_rows(page, "| game | seats | tiles each | blocked, greedy")
    assert len(rows) == len(hs.ARMS_GAMES)
    for row, game in zip(rows, hs.ARMS_GAMES, strict=True):
        greedy = tallies[hs.Config(game, hs.Policy.GREEDY).key]
        assert row[:2] == [f"`{game.preset}`", game.seats]
        assert row[3] == greedy.block_rate().percent()
        assert row[6] == greedy.end_points().format()
        scores = game.rules.play_scoring is not PlayScoring.NONE
        assert row[5] == (greedy.play_points().format() if scores else "-")
    matches = table_rows(page, "| game | seats | target | ended mid-hand")
    for row, game in zip(matches, hs.ARMS_GAMES, strict=True):
        greedy = tallies[hs.Config(game, hs.Policy.GREEDY).key]
        assert row[2] == str(game.rules.match_target)
        assert row[5] == greedy.hands_per_match().format()
    assert "games that score on play" in page


def test_train_tables_hold_the_simulated_numbers(
    hs: ModuleType, tallies: dict[str, Any], output: Output
) -> None:
    page, _ = output
    rows = table_rows(
        page, "| game | seats | tiles each | blocked, greedy | blocked, random | markers"
    )
    assert len(rows) == len(hs.TRAIN_GAMES)
    for row, game in zip(rows, hs.TRAIN_GAMES, strict=True):
        greedy = tallies[hs.Config(game, hs.Policy.GREEDY).key]
        random_ = tallies[hs.Config(game, hs.Policy.RANDOM).key]
        assert row[:3] == [f"`{game.preset}`", game.seats, str(game.rules.hand_size)]
        assert row[3:5] == [greedy.block_rate().percent(), random_.block_rate().percent()]
        markers = [t.markers_out().format() for t in (greedy, random_)]
        assert row[5:7] == (markers if game.rules.trains else ["-", "-"])
        assert row[7] == greedy.hand_moves().format(".1f")
    matches = table_rows(page, "| game | seats | hands | total per seat")
    for row, game in zip(matches, hs.TRAIN_GAMES, strict=True):
        random_ = tallies[hs.Config(game, hs.Policy.RANDOM).key]
        assert row[2] == ("10" if game.preset == "chicken-foot" else "13")
        assert row[5:7] == [
            random_.match_total().format(".1f"),
            random_.winning_total().format(".1f"),
        ]
    assert "- **`chicken-foot`**: a hand blocks in" in page
    assert "Private Trains blocks significantly more often than Mexican Train" in page


def test_section_trains_rewrites_question_5_only(
    hs: ModuleType, output: Output, tmp_path: Path
) -> None:
    """``--section trains`` on a page of the same options writes the same page; on an
    older page it keeps questions 1 to 4 as they were and adds question 5."""
    page, plots = output
    (tmp_path / "statistics.md").write_text(page, encoding="utf-8")
    again = run(hs, tmp_path, "--section", "trains")
    assert again == (page, {"trains.svg": plots["trains.svg"]})
    older = page[: page.index("## 5. ")].replace("| `block` | 2 players", "| `block` | old", 1)
    (tmp_path / "statistics.md").write_text(older[:-1], encoding="utf-8")
    spliced, _ = run(hs, tmp_path, "--section", "trains")
    assert spliced == older + page[page.index("## 5. ") :]


def test_section_trains_needs_the_page(
    hs: ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with pytest.raises(SystemExit):
        hs.main(["--hands", "2", "--section", "trains", "--out-dir", str(tmp_path)])
    assert "--section trains needs the page in" in capsys.readouterr().err
    (tmp_path / "statistics.md").write_text("# Statistics\n", encoding="utf-8")
    with pytest.raises(SystemExit):
        hs.main(["--hands", "2", "--section", "trains", "--out-dir", str(tmp_path)])
    assert "needs the page's questions 1 to 4" in capsys.readouterr().err


def test_match_7_matches_of_the_study_end_mid_hand(hs: ModuleType) -> None:
    """A match to 100 of All Fives between greedy players ends in the middle of a hand
    in a good share of matches; the tally counts it."""
    config = hs.Config(hs.game("all-fives"), hs.Policy.GREEDY)
    tally = hs.run_matches(config, SEED, 0, 6)
    assert tally.matches == 6
    assert 1 <= tally.mid_hand <= 6
    assert tally.hands == 0
    assert tally == hs.run_matches(config, SEED, 0, 3) + hs.run_matches(config, SEED, 3, 6)


def test_size_paragraph_names_the_extremes(hs: ModuleType, tallies: dict[str, Any]) -> None:
    text = hs.size_verdict(tallies)
    assert text.count("\n") == len(hs.SIZE_SERIES) - 1
    for series in hs.SIZE_SERIES:
        assert f"- **{series.label}**: blocked hands range from" in text


def test_command_names_only_the_options_that_change_the_figures(hs: ModuleType) -> None:
    assert hs.command_for(hs.HANDS, hs.SEED) == "python scripts/hand_stats.py"
    assert hs.command_for(50, hs.SEED) == "python scripts/hand_stats.py --hands 50"
    assert hs.command_for(hs.HANDS, 3) == "python scripts/hand_stats.py --seed 3"


# ---------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--hands", "1"], "--hands must be at least 2, got 1"),
        (["--workers", "0"], "--workers must be at least 1, got 0"),
        (["--hands", "many"], "invalid int value: 'many'"),
    ],
)
def test_bad_options_are_refused(
    hs: ModuleType, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as exit_:
        hs.main(argv)
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_missing_matplotlib_is_reported(
    hs: ModuleType, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = importlib.util.find_spec

    def find_spec(name: str, *args: Any) -> Any:
        return None if name == "matplotlib" else real(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    with pytest.raises(SystemExit):
        hs.main(["--hands", "2"])
    assert "pip install -e '.[stats]'" in capsys.readouterr().err


def test_unwritable_output_is_reported(
    hs: ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    assert hs.main(["--hands", "2", "--out-dir", str(blocker)]) == 1
    err = capsys.readouterr().err
    assert "hand_stats: error: cannot write to" in err
    assert "Traceback" not in err
