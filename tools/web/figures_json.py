#!/usr/bin/env python3
"""Writes the web board's piece figures (tamerlane-cli/src/serve/assets/figures.json)
from the one source of the project's piece drawings, the Python package's
``tamerlane/_svg_figures.py``: each figure's SVG elements (in its 45x45 box)
for White and for Black, under its key (the TFEN tokens ``K`` ... ``G`` and
``PR`` ... ``PP``, and the 8x8 games' own ``Q``, ``B``, ``P``).

Usage: figures_json.py [--check]. With --check it writes nothing and exits 1
when the embedded copy differs from what the drawings give (the Python
tests run it that way: tamerlane-py/tests/test_web.py).
"""

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "tamerlane-cli", "src", "serve", "assets", "figures.json")
TOKENS = ["K", "S", "A", "F", "V", "R", "N", "E", "C", "D", "T", "G",
          "PR", "PN", "PT", "PG", "PF", "PV", "PE", "PC", "PD", "PK", "PP", "Q", "B", "P"]


def figures_text() -> str:
    sys.path.insert(0, os.path.join(ROOT, "tamerlane-py", "python", "tamerlane"))
    import _svg_figures  # type: ignore[import-not-found]  # the module alone, not the compiled package

    data = {"box": _svg_figures.BOX,
            "figures": {t: {"w": _svg_figures.figure(t, True), "b": _svg_figures.figure(t, False)}
                        for t in TOKENS}}
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def main() -> int:
    text = figures_text()
    if "--check" in sys.argv[1:]:
        with open(OUT, encoding="utf-8") as f:
            if f.read() != text:
                print(f"{OUT} is out of date: run tools/web/figures_json.py", file=sys.stderr)
                return 1
        return 0
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
