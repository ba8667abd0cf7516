"""Shared pytest setup for the soccerlab package's tests.

The lab never skips a test silently: a test (or a module) that skips is reported as a
FAILURE here, with the reason, so a missing dependency or a missing `sim` binary shows
in CI instead of hiding.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

#: The repository's root (python/tests/../..).
ROOT = Path(__file__).resolve().parents[2]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Turns a skipped test into a failed one."""
    outcome = yield
    report = outcome.get_result()
    if report.skipped:
        report.outcome = "failed"
        report.longrepr = f"a skipped test is a failure in this project: {report.longrepr}"


@pytest.hookimpl(tryfirst=True)
def pytest_collectreport(report):
    """Turns a module skipped at collection (importorskip) into a failure."""
    if report.skipped:
        report.outcome = "failed"
        report.longrepr = f"a skipped module is a failure in this project: {report.longrepr}"


def sim_binary() -> Path:
    """The `sim` binary the tests compare with: the path in the environment variable
    SOCCERLAB_SIM (set by .ci/run to target/debug/sim). Fails the calling test with a
    clear message when it is not set or not there; never skips."""
    value = os.environ.get("SOCCERLAB_SIM")
    if not value:
        pytest.fail(
            "SOCCERLAB_SIM is not set: point it at a built `sim` binary "
            "(e.g. SOCCERLAB_SIM=target/debug/sim after `cargo build -p sim-cli`; .ci/run sets it)",
            pytrace=False,
        )
    path = Path(value)
    if not path.is_absolute():
        path = ROOT / path
    if not path.is_file():
        pytest.fail(
            f"SOCCERLAB_SIM={value}: no such file (build it with `cargo build -p sim-cli`)",
            pytrace=False,
        )
    return path


@pytest.fixture
def sim() -> Path:
    """The `sim` binary (see `sim_binary`)."""
    return sim_binary()
