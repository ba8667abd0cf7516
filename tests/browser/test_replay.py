"""The replay page (`sim replay`) in a real headless browser: it loads with no console
error, stepping forward and back changes the shown state and back restores it, the
"show hidden cards" toggle hides the other seat's cards, and the keys step."""

from __future__ import annotations

import json
import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import console_errors, run_sim


@pytest.fixture(scope="module")
def pages(sim, tmp_path_factory) -> dict[str, str]:
    """The replay pages of a hand game (grangol) and of a board game (helvetia), as
    file:// addresses."""
    out = tmp_path_factory.mktemp("replay")
    made = {}
    for game in ("grangol", "helvetia"):
        page = out / f"{game}.html"
        run_sim(sim, "replay", "--game", game, "--agents", "greedy,random", "--games", "1",
                "--seed", "3", "--out", str(page))
        made[game] = page.as_uri()
    return made


def open_page(browser, url: str):
    browser.get(url)
    console_errors(browser)  # nothing before this page counts


def text(browser, css: str) -> str:
    return browser.find_element(By.CSS_SELECTOR, css).text


def shown(browser) -> str:
    """What the page shows of the current position: step, action, score, seat views and
    board."""
    return "\n".join(
        [text(browser, "#step"), text(browser, "#now"), text(browser, "#score"),
         text(browser, "#views"), browser.find_element(By.ID, "board").get_attribute("innerHTML")]
    )


def data(browser) -> dict:
    return browser.execute_script(
        "return JSON.parse(document.getElementById('game-data').textContent);")


def full_state(game: dict, pos: int) -> dict:
    """The full snapshot of position `pos`: its text (line indices) joined and parsed."""
    ids = game["texts"][game["frames"][pos]["state"]]
    return json.loads("\n".join(game["lines"][i] for i in ids))


@pytest.mark.parametrize("game", ["grangol", "helvetia"])
def test_the_page_loads_and_steps_with_no_console_error(browser, pages, game):
    browser.get(pages[game])
    assert browser.find_element(By.ID, "step").text.startswith("step 0 / ")
    start = shown(browser)
    for _ in range(6):
        browser.find_element(By.ID, "next").click()
    assert text(browser, "#step").startswith("step 6 / ")
    forward = shown(browser)
    assert forward != start, "stepping forward changes the shown state"
    assert "current" in browser.find_element(By.CSS_SELECTOR, "#log li:nth-child(6)").get_attribute("class")
    for _ in range(6):
        browser.find_element(By.ID, "prev").click()
    assert shown(browser) == start, "stepping back restores the shown state"
    browser.find_element(By.ID, "last").click()
    n = len(data(browser)["steps"])
    assert text(browser, "#step") == f"step {n} / {n}"
    assert "the end" in text(browser, "#now")
    browser.find_element(By.ID, "first").click()
    assert shown(browser) == start
    if game == "helvetia":
        browser.find_element(By.ID, "last").click()
        svg = browser.find_element(By.CSS_SELECTOR, "#board svg")
        assert svg.is_displayed() and svg.size["width"] > 0 and svg.size["height"] > 0
    errors = console_errors(browser)
    assert errors == [], errors


def test_the_keys_step(browser, pages):
    open_page(browser, pages["grangol"])
    n = len(data(browser)["steps"])
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_RIGHT)
    assert text(browser, "#step") == f"step 2 / {n}"
    body.send_keys(Keys.ARROW_LEFT)
    assert text(browser, "#step") == f"step 1 / {n}"
    body.send_keys(Keys.END)
    assert text(browser, "#step") == f"step {n} / {n}"
    body.send_keys(Keys.HOME)
    assert text(browser, "#step") == f"step 0 / {n}"
    assert console_errors(browser) == []


def hand_line(hand: list[str]) -> str:
    """A hand as the observation strings write it."""
    return ", ".join(hand)


def test_the_toggle_hides_the_other_seats_cards(browser, pages):
    open_page(browser, pages["grangol"])
    game = data(browser)
    toggle = browser.find_element(By.ID, "show-hidden")
    assert not toggle.is_selected(), "hidden cards are hidden by default"
    # A position where seat 1 holds at least two cards.
    pos = next(p for p in range(len(game["frames"])) if len(full_state(game, p)["hands"][1]) >= 2)
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.HOME)
    for _ in range(pos):
        body.send_keys(Keys.ARROW_RIGHT)
    assert text(browser, "#step").startswith(f"step {pos} / ")
    theirs = hand_line(full_state(game, pos)["hands"][1])
    mine = hand_line(full_state(game, pos)["hands"][0])
    off = text(browser, "body")
    assert len(browser.find_elements(By.CSS_SELECTOR, ".seat-view")) == 1
    assert mine in off, "seat 0 sees its own hand"
    assert theirs not in off, "seat 1's hand is hidden from seat 0"
    log_off = text(browser, "#log")
    assert "hidden" in log_off, "the deal to seat 1 is hidden in seat 0's log"
    toggle.click()
    on = text(browser, "body")
    assert len(browser.find_elements(By.CSS_SELECTOR, ".seat-view")) == game["seats"]
    assert theirs in on, "with the toggle on every seat's hand shows"
    state = browser.find_element(By.ID, "state")
    assert state.is_displayed(), "the full state shows"
    state.find_element(By.TAG_NAME, "summary").click()
    assert '"hands"' in text(browser, "#state-json"), "the full state shows the hands"
    assert "hidden" not in text(browser, "#log"), "the full log shows"
    toggle.click()
    assert theirs not in text(browser, "body"), "the toggle hides them again"
    # Viewed as seat 1, seat 1's hand shows and seat 0's does not.
    from selenium.webdriver.support.ui import Select
    Select(browser.find_element(By.ID, "seat")).select_by_value("1")
    as_one = text(browser, "body")
    assert theirs in as_one and mine not in as_one
    assert console_errors(browser) == []


def test_the_explained_candidates_show_their_values(browser, sim, tmp_path):
    """With `--explain`, a searching agent's candidates carry their value (the expected
    score through the action) with its 95% interval, and the moves the search can tell
    are worse are marked."""
    page = tmp_path / "explained.html"
    run_sim(sim, "replay", "--game", "grangol", "--agents", "mcts(iterations=60),random",
            "--games", "1", "--seed", "5", "--explain", "--out", str(page))
    open_page(browser, page.as_uri())
    steps = data(browser)["steps"]
    k = next(i for i, s in enumerate(steps)
             if s.get("explain") and len(s["explain"]["candidates"]) > 1 and s["seen"][0])
    for _ in range(k + 1):
        browser.find_element(By.ID, "next").click()
    heads = [th.text for th in browser.find_elements(By.CSS_SELECTOR, "#explain th")]
    assert heads == ["action", "visits", "share", "value [95% interval]"], heads
    cells = [td.text for td in browser.find_elements(By.CSS_SELECTOR, "#explain td.n")]
    values = [c for c in cells if "[" in c]
    assert len(values) == len(steps[k]["explain"]["candidates"]), cells
    for v in values:
        assert re.fullmatch(r"\d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\]( worse)?", v), v
    # A forced decision of the same agent is labelled, with no table.
    f = next(i for i, s in enumerate(steps)
             if s.get("explain") and s["explain"].get("unsearched") == "forced" and s["seen"][0])
    browser.find_element(By.ID, "first").click()
    for _ in range(f + 1):
        browser.find_element(By.ID, "next").click()
    assert text(browser, "#explain p.unsearched") == "Forced: the only legal action."
    assert browser.find_elements(By.CSS_SELECTOR, "#explain table") == []
    assert console_errors(browser) == []


def score_at(game: dict, pos: int) -> list[int]:
    return game["frames"][pos]["score"]


@pytest.mark.parametrize("game", ["grangol", "helvetia"])
def test_a_step_link_opens_the_page_at_that_step(browser, pages, game):
    browser.get(pages[game] + "#step=7")
    n = len(data(browser)["steps"])
    assert text(browser, "#step") == f"step 7 / {n}"
    assert "current" in browser.find_element(By.CSS_SELECTOR, "#log li:nth-child(7)").get_attribute("class")
    # Stepping keeps the address naming the step, so it can be copied as a link.
    browser.find_element(By.ID, "next").click()
    assert browser.execute_script("return location.hash") == "#step=8"
    assert console_errors(browser) == []


def test_next_goal_and_next_event_move_to_them(browser, pages):
    open_page(browser, pages["grangol"])
    game = data(browser)
    n = len(game["steps"])
    goals = [k + 1 for k, s in enumerate(game["steps"]) if "goal" in s["events"]]
    events = [k + 1 for k, s in enumerate(game["steps"]) if s["events"]]
    assert goals, "the page's game has a goal"
    # The goals are where the score changes.
    assert goals == [p for p in range(1, n + 1) if score_at(game, p) != score_at(game, p - 1)]
    for want in goals:
        browser.find_element(By.ID, "next-goal").click()
        assert text(browser, "#step") == f"step {want} / {n}"
        assert text(browser, "#score") == "–".join(map(str, score_at(game, want)))
    at_last_goal = text(browser, "#step")
    browser.find_element(By.ID, "next-goal").click()
    assert text(browser, "#step") == at_last_goal, "no goal after the last: it stays"
    browser.find_element(By.ID, "prev-goal").click()
    want = goals[-2] if len(goals) > 1 else goals[-1]
    assert text(browser, "#step") == f"step {want} / {n}"
    browser.find_element(By.ID, "first").click()
    for want in events[:5]:
        browser.find_element(By.ID, "next-event").click()
        assert text(browser, "#step") == f"step {want} / {n}"
    # The strip marks every step with an event.
    assert len(browser.find_elements(By.CSS_SELECTOR, "#strip i")) == len(events)
    assert console_errors(browser) == []
