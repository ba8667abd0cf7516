"""`python/examples/distill.py` (issue 41's policy half of expert iteration): on a small
`sim selfplay` dataset of GRANGOL's default search it fits the shipped policy network to
the search's choices, the held-out loss falls, and the file it writes is the lab's policy
format with its command in the metadata."""

from __future__ import annotations

import re
import subprocess
import sys

from conftest import ROOT, sim_binary

DISTILL = ROOT / "python" / "examples" / "distill.py"
POLICY = ROOT / "configs" / "grangol" / "policy.safetensors"


def test_distill_fits_the_policy_to_the_search_and_writes_a_policy_file(tmp_path):
    data = tmp_path / "ds"
    made = subprocess.run(
        [str(sim_binary()), "selfplay", "--game", "grangol", "--agents", "mcts,mcts",
         "--games", "20", "--seed", "5", "--out", str(data), "--quiet"],
        capture_output=True, text=True, timeout=600,
    )
    assert made.returncode == 0, made.stderr
    out = tmp_path / "policy.safetensors"
    run = subprocess.run(
        [sys.executable, str(DISTILL), "--data", str(data), "--init", str(POLICY),
         "--out", str(out), "--epochs", "3", "--lr", "1e-3"],
        capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    losses = [float(x) for x in re.findall(r"held out(?: before)?: loss ([0-9.]+)", run.stdout)]
    assert len(losses) == 4 and losses[-1] < losses[0], run.stdout
    from safetensors import safe_open

    with safe_open(str(out), "numpy") as f:
        meta = f.metadata()
        assert sorted(f.keys()) == ["b1", "b2", "b3", "w1", "w2", "w3"]
    assert meta["format"] == "soccerlab-policy-1" and meta["game"] == "grangol"
    assert "distill.py" in meta["command"] and "train.py" in meta["command"]
