"""`python/examples/train.py` (issue 44): its tiny version learns against `random` (the
mean return of the highest-logit policy over 200 seeded games rises), writes its learning
curve and an ONNX policy, and that policy plays in `sim` as `onnx(model=...)`."""

from __future__ import annotations

import csv
import subprocess
import sys

from conftest import ROOT, sim_binary

TRAIN = ROOT / "python" / "examples" / "train.py"


def test_the_tiny_training_run_learns_and_its_policy_plays_in_sim(tmp_path):
    out = tmp_path / "tiny"
    run = subprocess.run(
        [sys.executable, str(TRAIN), "--tiny", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "before" in run.stdout and "after" in run.stdout
    with open(out / "curve.csv") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 150 and {r["opponent"] for r in rows} == {"random"}
    model = out / "policy.onnx"
    assert model.is_file()
    played = subprocess.run(
        [str(sim_binary()), "--game", "grangol", "--agents", f"onnx(model={model}),random",
         "--games", "20", "--quiet", "--out", str(tmp_path / "sim-run")],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert played.returncode == 0, played.stderr
    assert "Score of the first agent against the second" in played.stdout
