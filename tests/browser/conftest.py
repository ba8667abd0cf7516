"""Shared setup of the browser tests: the `sim` binary (environment variable
SOCCERLAB_SIM, as python/tests use it) and a headless Chromium driven by selenium.

Debian's `chromium` and `chromedriver` are used as installed (`/usr/bin/chromium`,
`/usr/bin/chromedriver`): nothing is downloaded. A missing browser, driver or `sim` FAILS
the tests (never a skip), and so does any skipped test.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("SOCCERLAB_CHROMIUM", "/usr/bin/chromium"))
CHROMEDRIVER = Path(os.environ.get("SOCCERLAB_CHROMEDRIVER", "/usr/bin/chromedriver"))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Turns a skipped test into a failed one."""
    outcome = yield
    report = outcome.get_result()
    if report.skipped:
        report.outcome = "failed"
        report.longrepr = f"a skipped test is a failure in this project: {report.longrepr}"


@pytest.fixture(scope="session")
def sim() -> Path:
    """The `sim` binary: the path in SOCCERLAB_SIM (set by .ci/run to target/debug/sim)."""
    value = os.environ.get("SOCCERLAB_SIM")
    if not value:
        pytest.fail("set SOCCERLAB_SIM to the sim binary (e.g. target/debug/sim)")
    path = Path(value)
    if not path.is_file():
        pytest.fail(f"SOCCERLAB_SIM={value}: no such file")
    return path


def run_sim(sim: Path, *args: str) -> str:
    """Runs `sim ARGS`; fails the test with its error output when it fails."""
    done = subprocess.run([str(sim), *args], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.fail(f"sim {' '.join(args)} failed ({done.returncode}): {done.stderr}")
    return done.stdout


def make_driver(width: int = 1280, height: int = 1000):
    """A headless Chromium with its browser console log kept (goog:loggingPrefs)."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not path.is_file():
            pytest.fail(
                f"{path} is missing: install Debian's chromium and chromium-driver "
                "(apt-get install -y chromium chromium-driver)"
            )
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    profile = tempfile.mkdtemp(prefix="soccerlab-chromium-")
    for arg in (
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--no-first-run", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", f"--user-data-dir={profile}", f"--window-size={width},{height}",
    ):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the session's tests."""
    driver = make_driver()
    yield driver
    driver.quit()


def console_errors(driver) -> list[str]:
    """The browser console's errors since the last call (SEVERE entries)."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
