"""The Python examples of docs/python.md run against the installed package.

Every ```python block of the page is collected; the blocks that need only the package and
its test dependencies run as written, or with fewer games where the page plays thousands
(the calls and the names they use are the page's own). Blocks that need what the test
environment lacks (the `datasets` feature's files, scikit-learn, PyTorch) are listed in
NOT_RUN with the reason, and a test checks that the list and the page agree, so a new
block is either run or named here.
"""

import re
from pathlib import Path

import numpy as np
import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "python.md"


def blocks():
    """The page's ```python blocks, in order: (first line number, source)."""
    out, current, start = [], None, 0
    for n, line in enumerate(DOC.read_text().split("\n"), 1):
        if current is None and line.startswith("```python"):
            current, start = [], n + 1
        elif current is not None and line.startswith("```"):
            out.append((start, "\n".join(current) + "\n"))
            current = None
        elif current is not None:
            current.append(line)
    return out


# Blocks not run here, by their first line, with the reason.
NOT_RUN = {
    "import soccerlab\nsoccerlab.selfplay(": "writes Parquet files: needs the `datasets` "
    "feature and minutes of mcts games (test_selfplay_onnx.py runs a small selfplay)",
    "import json\nimport numpy as np, pandas as pd, pyarrow.parquet as pq": "reads the "
    "files of the selfplay block above",
    "from sklearn.linear_model import LogisticRegression": "needs scikit-learn and the "
    "selfplay files",
    "import onnx\nfrom onnx import TensorProto": "continues the scikit-learn block",
    "import torch": "needs PyTorch and the selfplay files",
}


def skipped(source):
    return next((why for start, why in NOT_RUN.items() if source.startswith(start)), None)


def fewer_games(source):
    """The page's source with at most 200 games a call (40 for a ladder)."""
    source = re.sub(r"games=\d+", "games=200", source)
    return source.replace('soccerlab.ladder("crazy_eights", games=200)',
                          'soccerlab.ladder("crazy_eights", games=40)')


def test_every_block_is_run_or_named():
    found = [source for _, source in blocks()]
    assert len(found) >= 10, f"only {len(found)} python blocks in {DOC}"
    for start in NOT_RUN:
        assert any(s.startswith(start) for s in found), (
            f"NOT_RUN names a block the page no longer has: {start!r}")


def run_blocks():
    """The indices of the blocks run here (those not in NOT_RUN)."""
    return [i for i, (_, source) in enumerate(blocks()) if skipped(source) is None]


@pytest.mark.parametrize("index", run_blocks())
def test_block_runs(index, tmp_path, monkeypatch):
    import soccerlab

    line, source = blocks()[index]
    monkeypatch.chdir(tmp_path)
    scope = {"__name__": f"docs_python_md_{line}"}
    if "bot = ismcts.ISMCTSBot" in source:
        # The page's ISMCTS lines continue the block above them (which loads `game`).
        previous = [s for _, s in blocks()[:index] if "pyspiel.load_game" in s]
        assert previous, "the ISMCTS block follows the block that loads the game"
        exec(compile(previous[-1], f"{DOC}:before-{line}", "exec"), scope)
    if "model(obs.observation)" in source:
        # The page's `model` is the reader's network: a stand-in giving every action code
        # of the game it plays the same logit.
        actions = soccerlab.load_game("crazy_eights").num_distinct_actions()
        scope["model"] = lambda observation: np.zeros(actions, np.float32)
    exec(compile(fewer_games(source), f"{DOC}:{line}", "exec"), scope)
