"""The web board of ``tamerlane serve`` in Debian's headless Chromium,
driven by Selenium (docs/WEB.md, "Tests"): a short game to mate in each of
the three games played by clicking squares, the server's game checked
against the clicks, an analysis whose lines arrive, a record loaded, and
screenshots at desktop and phone sizes that fail when the board does not
fit. Fails (never skips) when Chromium, its driver or Selenium is missing:
``make deps`` installs them (the Makefile) and ``make venv`` installs
Selenium.

The CLI is ``$TAMERLANE_BIN`` (as ``make py-test`` sets it), else
``target/release/tamerlane``. Screenshots go to a temporary folder, or to
``$TAMERLANE_WEB_SHOTS`` when set (docs/images/ holds those of the docs).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
import urllib.request
from pathlib import Path
from typing import Any, Dict, Iterator, List, Tuple

import pytest

from tamerlane import Role
from tamerlane._tamerlane import FIGURE_BOX, figure_letters, piece_figure

REPO = Path(__file__).resolve().parents[2]

# Short games to mate: (game, start position or "" for the start, moves).
# Makruk and Tamerlane start from a position one move from a mate, with
# Black's king stepping first so that both sides click.
MATES: List[Tuple[str, str, List[str]]] = [
    ("chess", "", ["f2f3", "e7e5", "g2g4", "d8h4"]),
    ("makruk", "k7/8/1K6/8/8/8/8/7R b - - 0 1", ["a8b8", "h1h8"]),
    ("tamerlane", "10k/R10/11/11/11/11/11/11/11/1R8K b - 00 0 1", ["k10j10", "b1b10"]),
]


def _binary() -> str:
    env = os.environ.get("TAMERLANE_BIN")
    path = Path(env) if env else REPO / "target" / "release" / "tamerlane"
    if not path.is_file():
        pytest.fail(f"the tamerlane CLI is needed at {path} (make build, or set TAMERLANE_BIN)")
    return str(path)


def _browser() -> Tuple[str, str]:
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    driver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    for name, path in (("chromium", chromium), ("chromedriver", driver)):
        if not Path(path).is_file():
            pytest.fail(f"{name} is missing: `make deps` installs Debian's chromium and chromium-driver")
    return chromium, driver


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    proc = subprocess.Popen(
        [_binary(), "serve", "--port", "0", "--max-movetime-ms", "2000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    url = next((w for w in line.split() if w.startswith("http://")), None)
    assert url, f"no address printed: {line!r}"
    try:
        yield url
    finally:
        proc.send_signal(2)  # Ctrl-C: the server stops cleanly
        try:
            assert proc.wait(timeout=10) == 0
        finally:
            if proc.poll() is None:
                proc.kill()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    chromium, driver_path = _browser()
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.fail("selenium is missing from the venv (tamerlane-py/requirements-dev.txt)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,860", "--hide-scrollbars"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    driver.set_script_timeout(20)
    try:
        yield driver
    finally:
        driver.quit()


def _wait(driver: Any, test: Any, what: str, timeout: float = 15.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            value = test()
        except Exception:  # a stale element while the board redraws
            value = None
        if value:
            return value
        time.sleep(0.05)
    error = driver.execute_script("return document.getElementById('error').textContent")
    raise AssertionError(f"timed out waiting for {what} (page error: {error!r})")


def _open(driver: Any, url: str) -> None:
    driver.get(url)
    _wait(driver, lambda: driver.execute_script("return document.body.dataset.ready"), "the page")


def _server_state(driver: Any) -> Dict[str, Any]:
    """The session's state, fetched by the page itself (same cookie)."""
    text = driver.execute_async_script(
        "const done = arguments[0]; fetch('/api/state').then(r => r.text()).then(done);"
    )
    state: Dict[str, Any] = json.loads(text)
    return state


def _move_count(driver: Any) -> int:
    n: int = driver.execute_script("return document.querySelectorAll('#moves button.move').length")
    return n


def _click_square(driver: Any, square: str) -> None:
    from selenium.webdriver.common.by import By

    driver.find_element(By.CSS_SELECTOR, f'#board rect[data-square="{square}"]').click()


def _open_details(driver: Any, summary: str) -> None:
    driver.execute_script(
        "for (const d of document.querySelectorAll('details'))"
        " if (d.querySelector('summary').textContent.includes(arguments[0])) d.open = true;",
        summary,
    )


def _new_game(driver: Any, game: str, fen: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    _open_details(driver, "Position and rules")
    Select(driver.find_element(By.ID, "game")).select_by_value(game)
    _wait(driver, lambda: _server_state(driver)["game"] == game, f"a {game} game")
    box = driver.find_element(By.ID, "fen")
    box.clear()
    if fen:
        box.send_keys(fen)
        driver.find_element(By.ID, "new-fen").click()
        _wait(driver, lambda: _server_state(driver)["fen"] == fen, "the position")
    _wait(driver, lambda: driver.execute_script("return document.body.dataset.game") == game, "the board")


@pytest.mark.parametrize("game,fen,moves", MATES, ids=[m[0] for m in MATES])
def test_a_game_to_mate_by_clicks(server: str, browser: Any, game: str, fen: str, moves: List[str]) -> None:
    _open(browser, server)
    _new_game(browser, game, fen)
    for i, uci in enumerate(moves):
        state = _server_state(browser)
        origin = next(o for o, targets in state["legal"].items() if any(t["uci"] == uci for t in targets))
        target = next(t["to"] for t in state["legal"][origin] if t["uci"] == uci)
        _click_square(browser, origin)
        _wait(browser, lambda: browser.find_elements("css selector", "#board circle.target"), "the legal targets")
        _click_square(browser, target)
        _wait(browser, lambda: _move_count(browser) == i + 1, f"move {i + 1} ({uci})")
    state = _server_state(browser)
    assert [m["uci"] for m in state["moves"]] == moves
    assert state["outcome"]["reason"] == "checkmate", state["outcome"]
    status = browser.find_element("id", "status").text
    assert "checkmate" in status, status
    assert browser.find_elements("css selector", "#board circle.check"), "the check is marked"


def test_analysis_lines_arrive_with_an_arrow(server: str, browser: Any) -> None:
    _open(browser, server)
    _new_game(browser, "chess", "")
    browser.find_element("id", "analyse").click()
    _wait(browser, lambda: browser.find_elements("css selector", "#lines li.line"), "analysis lines")
    first = browser.execute_script("return window.tamerlaneApp.updates")
    first_nodes = browser.execute_script("return window.tamerlaneApp.lastAnalysis.nodes")
    time.sleep(2.0)
    later = browser.execute_script("return window.tamerlaneApp.updates")
    assert (later - first) / 2.0 >= 5, f"{later - first} analysis updates in 2 s"
    # The search's progress is shown: depth, time and the growing node count.
    assert browser.execute_script("return window.tamerlaneApp.lastAnalysis.nodes") > first_nodes
    shown = browser.find_element("id", "depth").text
    assert re.fullmatch(r"depth \d+, \d+\.\d s, [\d.]+( k| M)? nodes", shown), shown
    lines = browser.find_elements("css selector", "#lines li.line")
    assert len(lines) == 3
    assert browser.find_elements("css selector", "#board line.arrow"), "the best move is drawn"
    height = browser.execute_script("return document.getElementById('evalfill').style.height")
    assert height.endswith("%")
    browser.find_element("id", "analyse").click()
    _wait(browser, lambda: browser.find_element("id", "analyse").text == "Analyse", "the stop")


def test_a_record_is_loaded(server: str, browser: Any) -> None:
    _open(browser, server)
    _open_details(browser, "Record")
    box = browser.find_element("id", "record")
    box.clear()
    box.send_keys('[Variant "Makruk"]\n\n1. e4 e5 2. Ne2 *')
    browser.find_element("id", "load-record").click()
    _wait(browser, lambda: _move_count(browser) == 3, "the record's moves")
    state = _server_state(browser)
    assert state["game"] == "makruk"
    assert [m["san"] for m in state["moves"]] == ["e4", "e5", "Ne2"]
    # Keyboard navigation: one move back, then forward again.
    browser.find_element("tag name", "body").click()
    from selenium.webdriver.common.keys import Keys

    browser.find_element("tag name", "body").send_keys(Keys.ARROW_LEFT)
    _wait(browser, lambda: _server_state(browser)["ply"] == 2, "the step back")
    browser.find_element("tag name", "body").send_keys(Keys.ARROW_RIGHT)
    _wait(browser, lambda: _server_state(browser)["ply"] == 3, "the step forward")


@pytest.mark.parametrize("name,width,height", [("desktop", 1280, 860), ("phone", 390, 844)])
def test_the_board_fits_the_screen(server: str, browser: Any, tmp_path: Path, name: str, width: int, height: int) -> None:
    shots = Path(os.environ.get("TAMERLANE_WEB_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    browser.set_window_size(width, height)
    try:
        for game in ("tamerlane", "chess"):
            _open(browser, server)
            _new_game(browser, game, "")
            browser.execute_script("window.scrollTo(0, 0)")
            box = browser.execute_script(
                "const r = document.querySelector('#board svg').getBoundingClientRect();"
                "return [r.left, r.top, r.right, r.bottom, window.innerWidth, window.innerHeight];"
            )
            left, top, right, bottom, vw, vh = box
            path = shots / f"web-{game}-{name}.png"
            browser.save_screenshot(str(path))
            assert path.stat().st_size > 1000
            assert left >= 0 and top >= 0, (game, name, box)
            assert right <= vw + 0.5 and bottom <= vh + 0.5, f"the {game} board does not fit at {name} size: {box}"
            assert right - left >= 0.6 * min(vw, 600), f"the {game} board is too small at {name} size: {box}"
    finally:
        browser.set_window_size(1280, 860)


def test_the_page_draws_the_figures_of_the_python_boards(server: str) -> None:
    """The page's figures are those ``tamerlane.svg`` draws: the same
    drawings of the tamerlane-figures crate, for every key and both sides."""
    with urllib.request.urlopen(server + "assets/figures.json", timeout=10) as answer:
        page = json.load(answer)
    assert page["box"] == FIGURE_BOX
    keys = [r.token for r in Role.all()] + ["Q", "B", "P"]
    assert sorted(page["figures"]) == sorted(keys)
    for key in keys:
        assert page["figures"][key] == {"w": piece_figure(key, True), "b": piece_figure(key, False)}, key
    # The 8x8 letters' figures: one table, read by the page and by tamerlane.svg.
    assert page["letters"] == {game: dict(figure_letters(game)) for game in ("chess", "makruk")}
    assert page["letters"]["makruk"]["M"] == "F" and page["letters"]["chess"]["Q"] == "Q"
    with pytest.raises(ValueError, match="chess or makruk"):
        figure_letters("tamerlane")
