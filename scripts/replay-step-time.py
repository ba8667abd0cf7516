#!/usr/bin/env python3
"""The time a replay page takes per step forward, in headless Chromium: for each page
given, 50 clicks of "forward" timed in the page (`performance.now()`), the mean printed in
milliseconds. Needs selenium and Debian's chromium and chromedriver (as tests/browser).

    sim replay --game helvetia --agents random,random --seed 2 --out long.html
    scripts/replay-step-time.py long.html
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "browser"))
from conftest import make_driver  # noqa: E402

driver = make_driver()
try:
    for page in sys.argv[1:]:
        driver.get("file://" + os.path.abspath(page))
        n = driver.execute_script(
            "return JSON.parse(document.getElementById('game-data').textContent).steps.length")
        ms = driver.execute_script("""
            var b = document.getElementById('next'), t0 = performance.now();
            for (var i = 0; i < 50; i++) { b.click(); }
            return (performance.now() - t0) / 50;""")
        print(f"{page}: {n} steps, {ms:.1f} ms per step")
finally:
    driver.quit()
