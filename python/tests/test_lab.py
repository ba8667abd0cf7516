"""The lab from Python: run/compare/ladder return the tables of the CSV files `sim` writes,
deterministically; a Python callable plays as an agent with the lab's schedule."""

import os
import pathlib
import shutil
import subprocess

import numpy as np
import pandas as pd  # the test extra installs it
import pytest

import soccerlab

GAME = "crazy_eights"
RUN_TABLES = {"summary", "matchups", "ratings", "cards", "balance"}
REPO = pathlib.Path(__file__).resolve().parents[2]


def same_tables(a, b):
    assert set(a.tables) == set(b.tables)
    for name in a.tables:
        pd.testing.assert_frame_equal(a.tables[name], b.tables[name], obj=name)


def first_legal(obs):
    return obs.legal_actions[0]


def test_run_returns_the_run_folders_csv_files(tmp_path):
    out = tmp_path / "run"
    r = soccerlab.run(GAME, ["greedy", "random"], games=20, seed=7, threads=2, out=out)
    assert r.path == out and (out / "run.json").is_file()
    assert set(r.tables) == RUN_TABLES
    for name, table in r.tables.items():
        pd.testing.assert_frame_equal(table, pd.read_csv(out / f"{name}.csv"), obj=name)
    assert list(r.summary["agent"].unique()) == ["greedy", "random"]
    assert r.summary is r["summary"] and r.shots is None
    assert any("greedy" in line for line in r.lines)


def test_the_same_seed_gives_the_same_tables_whatever_the_threads():
    a = soccerlab.run(GAME, "greedy,random", games=24, seed=11, threads=1)
    b = soccerlab.run(GAME, "greedy,random", games=24, seed=11, threads=2)
    same_tables(a, b)
    c = soccerlab.run(GAME, "greedy,random", games=24, seed=12, threads=2)
    assert not c.summary.equals(a.summary), "another seed, other games"


def sim_binary():
    """The `sim` binary to compare with: $SOCCERLAB_SIM, else the workspace's build."""
    given = os.environ.get("SOCCERLAB_SIM")
    if given:
        return given
    for profile in ("release", "debug"):
        path = REPO / "target" / profile / "sim"
        if path.is_file():
            return str(path)
    return shutil.which("sim")


def test_the_tables_are_those_sim_writes_with_the_same_flags(tmp_path):
    sim = sim_binary()
    assert sim is not None, (
        "no sim binary: build it (cargo build -p sim-cli) or set SOCCERLAB_SIM"
    )
    out = tmp_path / "sim"
    subprocess.run(
        [sim, "--quiet", "run", "--game", GAME, "--agents", "greedy,random", "--games", "20",
         "--seed", "5", "--set", "hand_size=6", "--out", str(out)],
        check=True, capture_output=True,
    )
    r = soccerlab.run(GAME, ["greedy", "random"], games=20, seed=5, set={"hand_size": 6},
                      out=tmp_path / "py")
    for name in RUN_TABLES:
        assert (out / f"{name}.csv").read_bytes() == (r.path / f"{name}.csv").read_bytes(), name
        pd.testing.assert_frame_equal(r.tables[name], pd.read_csv(out / f"{name}.csv"), obj=name)


def test_plain_columns_without_pandas():
    r = soccerlab.run(GAME, ["greedy", "random"], games=10, seed=3, pandas=False)
    frames = soccerlab.run(GAME, ["greedy", "random"], games=10, seed=3, pandas=True)
    for name, columns in r.tables.items():
        assert isinstance(columns, dict)
        assert list(columns) == list(frames.tables[name].columns)
        for col, values in columns.items():
            expected = frames.tables[name][col].tolist()
            assert len(values) == len(expected)
            for v, e in zip(values, expected):
                if v is None:
                    assert pd.isna(e)
                elif isinstance(v, float):
                    assert v == pytest.approx(e)
                else:
                    assert v == e, (name, col)


def test_the_temporary_folder_lives_as_long_as_the_result():
    r = soccerlab.run(GAME, ["random", "random"], games=4, seed=1)
    path = r.path
    assert (path / "summary.csv").is_file()
    del r
    import gc

    gc.collect()
    assert not path.exists()


def test_errors_are_value_errors_with_the_labs_line(tmp_path):
    with pytest.raises(ValueError, match="unknown game 'no_such_game'"):
        soccerlab.run("no_such_game", ["random", "random"], games=2)
    with pytest.raises(ValueError, match="nosuchagent"):
        soccerlab.run(GAME, ["nosuchagent", "random"], games=2)
    with pytest.raises(ValueError, match="hand_sizz"):
        soccerlab.run(GAME, ["random", "random"], games=2, set={"hand_sizz": 3})
    with pytest.raises(ValueError, match="--games"):
        soccerlab.run(GAME, ["random", "random"], games=0)
    tmp_path.joinpath("taken").mkdir()
    with pytest.raises(ValueError, match="already exists"):
        soccerlab.run(GAME, ["random", "random"], games=2, out=tmp_path / "taken")


def test_compare_returns_compare_csv(tmp_path):
    r = soccerlab.compare(GAME, ["greedy", "random"], games=20, seed=3,
                          variants=["small=hand_size=5"], out=tmp_path / "cmp")
    assert set(r.tables) == {"compare"}
    pd.testing.assert_frame_equal(r.compare, pd.read_csv(tmp_path / "cmp" / "compare.csv"))
    again = soccerlab.compare(GAME, ["greedy", "random"], games=20, seed=3, threads=1,
                              variants=["small=hand_size=5"])
    same_tables(r, again)


def test_ladder_returns_ladder_csv_and_its_lines_and_prints_nothing(tmp_path, capfd):
    r = soccerlab.ladder(GAME, games=6, seed=3, start_iterations=4, max_iterations=8,
                         calibration_games=1, out=tmp_path / "ladder")
    assert "ladder" in r.tables
    pd.testing.assert_frame_equal(r.ladder, pd.read_csv(tmp_path / "ladder" / "ladder.csv"))
    assert (tmp_path / "ladder" / "ladder.json").is_file()
    # What `sim ladder` prints is returned, not printed (the process's own stdout).
    assert capfd.readouterr().out == ""
    assert r.lines[0].startswith("sim ladder: stage 01-")
    assert any(line.startswith("rung ") for line in r.lines)
    assert r.lines[-1] == f"written to {tmp_path / 'ladder'}"


def test_play_match_of_specs_is_run():
    a = soccerlab.play_match(GAME, ["greedy", "random"], games=20, seed=9)
    b = soccerlab.run(GAME, ["greedy", "random"], games=20, seed=9, threads=2)
    same_tables(a, b)


def test_a_python_policy_against_greedy_is_deterministic():
    seen = []

    def policy(obs):
        seen.append(obs)
        return first_legal(obs)

    a = soccerlab.play_match(GAME, [first_legal, "greedy"], games=20, seed=4)
    b = soccerlab.play_match(GAME, [first_legal, "greedy"], games=20, seed=4)
    same_tables(a, b)
    assert set(a.tables) == RUN_TABLES
    runs = soccerlab.run(GAME, ["random", "greedy"], games=20, seed=4)
    for name in RUN_TABLES:
        assert list(a.tables[name].columns) == list(runs.tables[name].columns), name
    assert set(a.summary["agent"]) == {"python:first_legal", "greedy"}
    for col in ("win_rate", "score_rate", "games"):
        assert col in a.summary.columns
    # A policy's observation: its seat's view.
    soccerlab.play_match(GAME, [policy, "greedy"], games=2, seed=4, labels=["mine", None])
    assert seen
    obs = seen[0]
    assert obs.observation.dtype == np.float32 and obs.observation.ndim == 1
    assert obs.action_mask.dtype == np.int8
    assert int(obs.action_mask.sum()) == len(obs.legal_actions)
    assert all(obs.action_mask[a] == 1 for a in obs.legal_actions)
    assert obs.legal_actions == sorted(obs.legal_actions)
    assert len(obs.legal_action_names) == len(obs.legal_actions)
    assert obs["seat"] == obs.seat in (0, 1)
    assert isinstance(obs.observation_string, str)
    assert {o.game_index for o in seen} == {0, 1}


def test_a_stochastic_policy_seeded_by_obs_seed_replays_its_match():
    def sampler(obs):
        rng = np.random.default_rng(obs.seed)
        return int(rng.choice(obs.legal_actions))

    seeds = []

    def watch(obs):
        seeds.append((obs.game_index, obs.seat, obs["seed"]))
        return sampler(obs)

    a = soccerlab.play_match(GAME, [watch, "greedy"], games=12, seed=21)
    first = list(seeds)
    seeds.clear()
    b = soccerlab.play_match(GAME, [watch, "greedy"], games=12, seed=21)
    same_tables(a, b)
    assert seeds == first, "the same seeds at the same decisions"
    assert len({s for _, _, s in first}) == len(first), "a fresh seed at each decision"
    seeds.clear()
    soccerlab.play_match(GAME, [watch, "greedy"], games=12, seed=22)
    assert seeds != first, "another match seed, other seeds"


def test_a_policy_that_raises_stops_the_match():
    class Boom(Exception):
        pass

    calls = []

    def policy(obs):
        calls.append(obs.game_index)
        if len(calls) == 3:
            raise Boom("no idea")
        return obs.legal_actions[0]

    with pytest.raises(RuntimeError, match="no idea") as info:
        soccerlab.play_match(GAME, [policy, "greedy"], games=20, seed=4)
    assert isinstance(info.value.__cause__, Boom)
    assert len(calls) == 3, "not called again once it raised"
    # The lab is usable afterwards.
    soccerlab.play_match(GAME, [first_legal, "greedy"], games=2, seed=4)


def test_an_illegal_action_names_the_action_and_the_legal_ones():
    def policy(obs):
        return 9999

    with pytest.raises(ValueError, match=r"returned action 9999 .*not legal.*legal actions: \d+ \("):
        soccerlab.play_match(GAME, [policy, "random"], games=2, seed=1)

    def not_an_int(obs):
        return "left"

    with pytest.raises(ValueError, match="not an action code"):
        soccerlab.play_match(GAME, [not_an_int, "random"], games=2, seed=1)


def test_numpy_integers_are_actions():
    def policy(obs):
        legal = np.flatnonzero(obs.action_mask)
        return legal[-1]

    r = soccerlab.play_match(GAME, [policy, "random"], games=4, seed=2)
    assert r.summary["games"].sum() > 0


def test_a_keyboard_interrupt_in_a_policy_is_raised_as_it_is():
    def policy(obs):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        soccerlab.play_match(GAME, [policy, "random"], games=2, seed=1)
