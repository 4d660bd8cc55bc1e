"""Every ``python`` code block of docs/PYTHON.md runs as written: the blocks
form one session, executed in order, and ``# value`` comments on
expression lines are checked where they state a plain literal."""

from __future__ import annotations

import ast
import re
from typing import Any, Dict, List

from conftest import REPO

DOC = REPO / "docs" / "PYTHON.md"


def python_blocks() -> List[str]:
    return re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_python_md_has_code_blocks() -> None:
    assert len(python_blocks()) >= 2


def test_python_md_code_blocks_run() -> None:
    namespace: Dict[str, Any] = {"__name__": "__docs__"}
    for i, block in enumerate(python_blocks()):
        code = compile(block, f"{DOC}#block{i}", "exec")
        exec(code, namespace)  # noqa: S102


def test_python_md_stated_values_are_right() -> None:
    """Lines ``expr  # literal ...`` (an int, bool or tuple first in the
    comment) give that value when evaluated at that point of the session."""
    namespace: Dict[str, Any] = {"__name__": "__docs__"}
    checked = 0
    for block in python_blocks():
        for line in block.splitlines():
            code, _, comment = line.partition("  #")
            code = code.strip()
            expected = None
            m = re.match(r"\s*(\d+|True|False|\([^)]*\))", comment)
            if m and code and "=" not in code.split("(")[0]:
                try:
                    expected = ast.literal_eval(m.group(1))
                except (ValueError, SyntaxError):
                    expected = None
            if expected is not None:
                assert eval(code, namespace) == expected, line  # noqa: S307
                checked += 1
            elif code:
                exec(code, namespace)  # noqa: S102
    assert checked >= 4
