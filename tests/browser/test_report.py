"""The HTML report of a small `sim run` in a real headless browser: it loads with no
console error and every chart is displayed with a non-zero size."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from conftest import console_errors, run_sim


@pytest.fixture(scope="module")
def report(sim, tmp_path_factory) -> str:
    out = tmp_path_factory.mktemp("run") / "run"
    run_sim(sim, "--quiet", "run", "--game", "grangol", "--agents", "greedy,random", "--games", "200",
            "-o", str(out))
    page = out / "report.html"
    assert page.is_file(), "sim run writes report.html"
    return page.as_uri()


def test_the_report_loads_with_every_chart_visible(browser, report):
    browser.get(report)
    charts = browser.find_elements(By.CSS_SELECTOR, ".chart svg, .chart img, img")
    assert len(charts) >= 3, f"{len(charts)} charts"
    for chart in charts:
        browser.execute_script("arguments[0].scrollIntoView();", chart)
        assert chart.is_displayed(), chart.get_attribute("outerHTML")[:200]
        size = chart.size
        assert size["width"] > 0 and size["height"] > 0, size
    errors = console_errors(browser)
    assert errors == [], errors
