"""Self-play datasets and trained policies: ``sim selfplay`` (and ``soccerlab.selfplay``)
read back with pandas/pyarrow without the lab's code, and the ``onnx(model=FILE)`` agent
checked against a NumPy reference of its model.

The ``sim`` binary is taken from the environment variable ``SOCCERLAB_SIM`` (``.ci/run``
sets it); without it the tests that need it FAIL, they are never skipped.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow.parquet as pq
import pytest

import soccerlab

sys.path.insert(0, str(Path(__file__).parent))
from make_policy import make_policy  # noqa: E402

GAMES = ["grangol", "crazy_eights", "lastuf", "memory", "helvetia"]
# Seats of the default rules where they are not 2 (a one-seat game takes any number of
# agents, each playing alone).
SEATS = {"lastuf": 4}


def sim():
    """The path of the ``sim`` binary (``SOCCERLAB_SIM``); fails the test without it."""
    path = os.environ.get("SOCCERLAB_SIM")
    assert path, "SOCCERLAB_SIM must name the sim binary (.ci/run sets it)"
    assert Path(path).is_file(), f"SOCCERLAB_SIM={path} is not a file"
    return path


def run_sim(*args):
    """Runs ``sim ARGS``; returns its completed process (stdout and stderr as text)."""
    return subprocess.run([sim(), *args], capture_output=True, text=True, timeout=600)


def read(out):
    """The dataset at ``out``: its manifest and its rows as one pandas DataFrame, read with
    pyarrow from the part files in order."""
    manifest = json.loads((Path(out) / "_manifest.json").read_text())
    files = sorted(Path(out).glob("part-*.parquet"))
    assert [f.name for f in files] == [f["file"] for f in manifest["files"]]
    table = pq.ParquetDataset([str(f) for f in files]).read()
    # The folder reads as the same rows: Parquet readers skip `_manifest.json` (issue 44).
    whole = pd.read_parquet(out)
    assert len(whole) == table.num_rows and list(whole.columns) == table.column_names
    return manifest, table.to_pandas()


def utility_sum(manifest):
    """The constant the seats' returns sum to, or None for a general-sum game."""
    u = manifest["utility"]
    if u == "ZeroSum":
        return 0.0
    if u.startswith("ConstantSum("):
        return float(u[len("ConstantSum("):-1])
    return None


@pytest.mark.parametrize("game", GAMES)
def test_a_dataset_round_trips_through_pandas(tmp_path, game):
    out = tmp_path / "d"
    agents = ["mcts(iterations=15)"] + ["random"] * (SEATS.get(game, 2) - 1)
    report = soccerlab.selfplay(
        game, ",".join(agents), 3, str(out), seed=5, rows_per_file=40, threads=2
    )
    manifest, df = read(out)
    assert report["rows"] == len(df) == manifest["rows"] > 0
    assert report["files"] == len(manifest["files"]) == -(-len(df) // 40)
    assert list(df.columns) == [c["name"] for c in manifest["columns"]]
    n, a = manifest["observation_size"], manifest["num_distinct_actions"]
    layout = manifest["observation_layout"]
    assert sum(p["size"] for p in layout) == n
    assert all(p["size"] == int(np.prod(p["shape"])) for p in layout)
    for row in df.itertuples(index=False):
        assert len(row.observation) == n
        mask = np.asarray(row.legal, dtype=bool)
        assert len(mask) == a and mask[row.action], "the action is legal"
        policy = np.asarray(row.policy)
        if row.agent.startswith("mcts"):
            assert len(policy) in (0, a)
            assert not policy[~mask].any() if len(policy) else True
        else:
            assert len(policy) == 0
    # One return per seat and game, summing as the game's utility says.
    per_game = df.groupby(["game", "seat"])["return"].nunique()
    assert (per_game == 1).all()
    total = utility_sum(manifest)
    if total is not None and manifest["num_seats"] > 1:
        seats = df.groupby(["game", "seat"])["return"].first().groupby("game")
        for g, returns in seats:
            if len(returns) == manifest["num_seats"]:
                assert returns.sum() == pytest.approx(total), g
    # Rows in game order, steps rising within a game.
    assert (np.diff(df["game"].to_numpy().astype(np.int64)) >= 0).all()
    for _, steps in df.groupby("game")["step"]:
        assert (np.diff(steps.to_numpy().astype(np.int64)) > 0).all()


def test_the_python_twin_writes_the_files_sim_writes(tmp_path):
    a, b = tmp_path / "py", tmp_path / "sim"
    soccerlab.selfplay("crazy_eights", ["mcts(iterations=10)", "random"], 2, str(a),
                       seed=3, rows_per_file=50, threads=1)
    done = run_sim("selfplay", "--game", "crazy_eights", "--agents", "mcts(iterations=10),random",
                   "--games", "2", "--seed", "3", "--rows-per-file", "50", "--threads", "3",
                   "--out", str(b))
    assert done.returncode == 0, done.stderr
    parts = sorted(p.name for p in a.glob("part-*.parquet"))
    assert parts and parts == sorted(p.name for p in b.glob("part-*.parquet"))
    for name in parts:
        assert (a / name).read_bytes() == (b / name).read_bytes(), name


def test_bad_input_is_a_value_error_with_one_line(tmp_path):
    with pytest.raises(ValueError, match="unknown agent 'nobody'"):
        soccerlab.selfplay("grangol", "nobody,random", 1, str(tmp_path / "x"))
    assert not (tmp_path / "x").exists()


def sizes(game, tmp_path):
    """``(observation_size, num_distinct_actions)`` of ``game`` from a one-game dataset."""
    out = tmp_path / f"sizes-{game}"
    soccerlab.selfplay(game, "random,random", 1, str(out))
    m = json.loads((out / "_manifest.json").read_text())
    return m["observation_size"], m["num_distinct_actions"]


@pytest.mark.parametrize("game", ["crazy_eights", "grangol"])
def test_the_onnx_agent_plays_the_numpy_argmax_of_its_model(tmp_path, game):
    n, a = sizes(game, tmp_path)
    model = tmp_path / "policy.onnx"
    w, b = make_policy(model, n, a, seed=11)
    out = tmp_path / "d"
    done = run_sim("selfplay", "--game", game, "--agents", f"onnx(model={model}),random",
                   "--games", "4", "--seed", "9", "--out", str(out))
    assert done.returncode == 0, done.stderr
    _, df = read(out)
    mine = df[df["agent"].str.startswith("onnx")]
    assert len(mine) > 0
    for row in mine.itertuples(index=False):
        obs = np.asarray(row.observation, dtype=np.float32).reshape(1, n)
        logits = (obs @ w + b)[0].astype(np.float64)
        logits[~np.asarray(row.legal, dtype=bool)] = -np.inf
        assert row.action == int(np.argmax(logits)), (row.game, row.step)


def test_a_model_of_the_wrong_shape_is_refused_before_any_game(tmp_path):
    n, a = sizes("crazy_eights", tmp_path)
    model = tmp_path / "wrong.onnx"
    make_policy(model, n + 3, a)
    out = tmp_path / "d"
    done = run_sim("selfplay", "--game", "crazy_eights", "--agents",
                   f"onnx(model={model}),random", "--games", "2", "--out", str(out))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert str(model) in lines[0] and f"[1, {n + 3}]" in lines[0] and f"[1, {n}]" in lines[0]
    assert not out.exists()
    missing = run_sim("--game", "crazy_eights", "--agents",
                      f"onnx(model={tmp_path / 'none.onnx'}),random", "--games", "2",
                      "--out", str(tmp_path / "r"))
    assert missing.returncode == 2 and "none.onnx" in missing.stderr
    if "onnx" in soccerlab.features():
        with pytest.raises(ValueError, match="wrong.onnx"):
            soccerlab.selfplay("crazy_eights", f"onnx(model={model}),random", 1,
                               str(tmp_path / "p"))
    else:
        # The wheel is built without tract: the agent is refused with the feature's name
        # and the command that builds the package with it.
        with pytest.raises(ValueError, match=r"cargo feature 'onnx'.*--features onnx.*pip "
                                             r"install \./python"):
            soccerlab.selfplay("crazy_eights", f"onnx(model={model}),random", 1,
                               str(tmp_path / "p"))
    assert not (tmp_path / "p").exists()


def test_the_onnx_agent_plays_in_sim_run_with_sampling(tmp_path):
    n, a = sizes("crazy_eights", tmp_path)
    model = tmp_path / "policy.onnx"
    make_policy(model, n, a)
    done = run_sim("--game", "crazy_eights", "--agents",
                   f"onnx(model={model},sample=true,temperature=0.5),greedy", "--games", "20",
                   "--out", str(tmp_path / "run"))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "run" / "summary.csv").is_file()
