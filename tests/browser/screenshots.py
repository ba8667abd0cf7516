"""Makes the screenshots of the documentation: docs/images/replay.png (the replay page of
a Helvetia Cup game with mcts's candidates) and docs/images/report.png (the report of a
small run), with the `sim` binary given as SOCCERLAB_SIM (default target/debug/sim) and
the headless Chromium of the browser tests.

    SOCCERLAB_SIM=target/debug/sim target/venv/bin/python tests/browser/screenshots.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from conftest import make_driver  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def sim(*args: str) -> None:
    binary = os.environ.get("SOCCERLAB_SIM", str(ROOT / "target/debug/sim"))
    subprocess.run([binary, "--quiet", *args], check=True)


def main() -> None:
    images = ROOT / "docs" / "images"
    images.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "replay.html"
        sim("replay", "--game", "helvetia", "--agents", "mcts(iterations=200),greedy",
            "--games", "1", "--seed", "5", "--explain", "--out", str(page))
        run = Path(tmp) / "run"
        sim("run", "--game", "grangol", "--agents", "greedy,random", "--games", "200",
            "-o", str(run))
        driver = make_driver(1280, 1100)
        try:
            driver.get(page.as_uri())
            # A decision of mcts well into the game, its candidates shown.
            driver.execute_script(
                "var d = JSON.parse(document.getElementById('game-data').textContent);"
                "var k = d.steps.findIndex(function (s, i) {"
                "  return i > 40 && s.explain && s.explain.candidates.length > 2; });"
                "document.getElementById('first').click();"
                "for (var i = 0; i <= k; i++) document.getElementById('next').click();")
            driver.save_screenshot(str(images / "replay.png"))
            driver.get((run / "report.html").as_uri())
            driver.save_screenshot(str(images / "report.png"))
        finally:
            driver.quit()
    print(f"wrote {images / 'replay.png'} and {images / 'report.png'}")


if __name__ == "__main__":
    main()
