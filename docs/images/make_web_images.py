"""Takes the screenshots of docs/WEB.md (this folder's ``web-*.png``) of the
page of ``tamerlane serve`` in Debian's headless Chromium: a Tamerlane
position with its analysis running (desktop size), and Makruk on a
phone-sized screen. Run it after ``make deps``, ``make build`` and
``make venv``:

    .venv/bin/python docs/images/make_web_images.py

The CLI is ``$TAMERLANE_BIN``, else ``target/release/tamerlane``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Callable

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent


def wait(test: Callable[[], object], what: str, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if test():
                return
        except Exception:  # a stale element while the page redraws
            pass
        time.sleep(0.05)
    raise SystemExit(f"timed out waiting for {what}")


def main() -> None:
    binary = os.environ.get("TAMERLANE_BIN") or str(REPO / "target" / "release" / "tamerlane")
    server = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    url = next(w for w in server.stdout.readline().split() if w.startswith("http://"))
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"):
        options.add_argument(arg)
    driver = webdriver.Chrome(
        service=Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver"),
        options=options,
    )
    try:
        def ready() -> object:
            return driver.execute_script("return document.body.dataset.ready")

        driver.set_window_size(1280, 860)
        driver.get(url)
        wait(ready, "the page")
        for move in ("f3f4", "f8f7", "b2c4"):
            driver.execute_async_script(
                "const done = arguments[1];"
                "fetch('/api/move', {method: 'POST', headers: {'Content-Type': 'application/json'},"
                " body: JSON.stringify({move: arguments[0]})}).then(done);",
                move,
            )
        driver.get(url)
        wait(ready, "the page")
        driver.find_element(By.ID, "analyse").click()
        wait(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#lines li.line")) >= 1, "analysis lines")
        time.sleep(4)
        driver.save_screenshot(str(HERE / "web-tamerlane-analysis.png"))
        driver.find_element(By.ID, "analyse").click()

        driver.set_window_size(390, 844)
        driver.get(url)
        wait(ready, "the page")
        driver.execute_script(
            "for (const d of document.querySelectorAll('details'))"
            " if (d.querySelector('summary').textContent.includes('Position and rules')) d.open = true;"
        )
        Select(driver.find_element(By.ID, "game")).select_by_value("makruk")
        wait(lambda: driver.execute_script("return document.body.dataset.game") == "makruk", "the Makruk board")
        driver.execute_script(
            "for (const d of document.querySelectorAll('details')) d.open = false; window.scrollTo(0, 0)"
        )
        driver.save_screenshot(str(HERE / "web-makruk-phone.png"))
    finally:
        driver.quit()
        server.send_signal(2)
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
