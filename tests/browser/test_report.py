"""The HTML reports in a real headless browser: a small `sim run`'s loads with no
console error and every chart is displayed with a non-zero size; a `sim compare`'s leads
with its verdict table."""

from __future__ import annotations

import csv

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


@pytest.fixture(scope="module")
def compare_report(sim, tmp_path_factory):
    """The report of `sim compare` between the default and the interchangeable rules, and
    its compare.csv rows."""
    out = tmp_path_factory.mktemp("compare") / "cmp"
    run_sim(sim, "--quiet", "compare", "--game", "grangol", "--agents", "greedy,random",
            "--games", "300", "--rules", "default", "--rules", "interchangeable", "-o", str(out))
    with open(out / "compare.csv") as f:
        rows = list(csv.DictReader(f))
    return (out / "report.html").as_uri(), rows


def test_the_compare_report_leads_with_its_verdict(browser, compare_report):
    """Issue 43: the first table names, for every metric, the baseline value, the
    variant's, the change and whether it is significant, in the words of compare.csv."""
    page, rows = compare_report
    browser.get(page)
    first_table = browser.find_element(By.CSS_SELECTOR, "table")
    assert "verdict" in first_table.get_attribute("class")
    head = [th.text for th in first_table.find_elements(By.CSS_SELECTOR, "thead th")]
    assert head == ["metric", "default", "interchangeable", "change", "relative",
                    "95% interval of the change", "significant"], head
    shown = {}
    for tr in first_table.find_elements(By.CSS_SELECTOR, "tbody tr"):
        cells = [td.text for td in tr.find_elements(By.TAG_NAME, "td")]
        shown[cells[0]] = cells
    variant = [r for r in rows if r["point"] == "1" and r["metric"] != "loss" and r["diff"]]
    base = {(r["metric"], r["key"]): float(r["value"]) for r in rows if r["point"] == "0"}
    assert variant, "compare.csv has the variant's rows"
    for r in variant:
        name = r["metric"] + (f" [{r['key']}]" if r["key"] else "")
        assert name in shown, f"{name} not in the verdict table"
        cells = shown[name]
        assert float(cells[1]) == pytest.approx(base[(r["metric"], r["key"])], abs=0.06), cells
        assert float(cells[3]) == pytest.approx(float(r["diff"]), abs=0.06), cells
        want = {"true": "yes", "false": "no"}[r["significant"]] if r["p_value"] else "–"
        assert cells[6].startswith(want), (cells, r)
    # Significant changes first, and the sentence above the table counts them.
    flags = [cells[6] == "yes" for cells in shown.values()]
    assert flags == sorted(flags, reverse=True)
    sentence = browser.find_element(By.CSS_SELECTOR, "p.verdict").text
    assert sentence.startswith("interchangeable against default: ")
    assert f"{sum(flags)} of" in sentence or "no metric changes" in sentence, sentence
    assert console_errors(browser) == []
