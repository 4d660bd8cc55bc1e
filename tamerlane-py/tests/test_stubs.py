"""The type stubs against the package as it runs, both ways.

mypy (and every editor) types the package from its stubs: ``_tamerlane.pyi``
for the native module, ``chess.pyi`` and ``makruk.pyi`` for the sibling
games (which share ``_sibling_api.pyi`` and ``_sibling_names.pyi``; all
three share ``_board_api.pyi``), and
``__init__.py`` itself, typed inline, for ``tamerlane`` (and ``mcts.py``
for ``tamerlane.mcts``). Nothing but this
test ties them to what the modules hold at run time. For each module, the
stub file is parsed with ``ast`` and read as mypy reads it, and compared
with the imported module:

- every public name (no leading underscore) of the module at run time is
  declared by its stub, and every public name the stub declares exists at
  run time;
- for every public class, the same both ways for its public members
  (methods, properties, class attributes, and the members its bases give
  it: the stubs' own base classes, or the real ``ValueError``, ``IntEnum``
  ... for bases from outside the package).

What mypy reads: the names a stub defines (classes, functions, variables,
in ``if TYPE_CHECKING:`` blocks too) and the names it re-exports (``import
X as X``, ``from M import X as X``, ``from M import *``, or listed in
``__all__``); a plain import of a stub or of an inline-typed source is
private to that file (PEP 484; mypy's ``--strict`` does the same for
sources). So at run time, the names a module's own source binds by such a
private import (``enum``, ``typing.Any``, ``export`` ...) are not its API;
nor are its submodules, which ``import tamerlane.pgn`` makes attributes of
the package and which mypy finds from their files.

Where the stubs and the modules disagree today, the disagreement is in
``KNOWN_DRIFT`` with the reason, so that the test passes and fails on any
new drift; an entry that no longer disagrees fails too, to be removed.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import io
import types
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Set, Tuple, Union

import pytest

import tamerlane
import tamerlane.pgn

PACKAGE_DIR = Path(tamerlane.__file__).resolve().parent

# Each module checked, and the file mypy types it from.
CHECKED: Dict[str, str] = {
    "tamerlane": "__init__.py",
    "tamerlane._tamerlane": "_tamerlane.pyi",
    "tamerlane.chess": "chess.pyi",
    "tamerlane.makruk": "makruk.pyi",
    "tamerlane.mcts": "mcts.py",
}

# Stubs with no module of their own at run time, checked through the
# modules that import them (the generic bases of the three games' boards,
# legal-move views and search results; those of the sibling games'
# classes; the names both sibling modules share).
STUB_ONLY = {"_board_api.pyi", "_sibling_api.pyi", "_sibling_names.pyi"}

RUNTIME_ONLY = "at run time, not in the stub"
STUB_ONLY_NAME = "in the stub, not at run time"
NOT_A_CLASS = "a class at run time, no class in the stub"
NO_CLASS_AT_RUN_TIME = "a class in the stub, no class at run time"

# The disagreements of today, each with its reason: (module, name or
# Class.member, which way) -> why. Do not add to this list to make new
# drift pass: fix the stub (or the module) instead, and remove an entry
# once its disagreement is gone (the test says which).
_ALIAS = (
    "a type alias for annotations, defined in the stub only: the native module has "
    "no such name, so importing it at run time fails"
)
_SUBMODULE = (
    "the native submodule behind tamerlane.{game}, which {game}.py re-exports name by "
    "name; typed by {game}.pyi, undeclared in _tamerlane.pyi (mypy never reads "
    "{game}.py, its stub shadows it)"
)
KNOWN_DRIFT: Dict[Tuple[str, str, str], str] = {
    # `Union[Color, bool]`, the colour arguments.
    ("tamerlane._tamerlane", "ColorArg", STUB_ONLY_NAME): _ALIAS,
    # The `dtype=` of the plane functions.
    ("tamerlane._tamerlane", "DTypeArg", STUB_ONLY_NAME): _ALIAS,
    # `Union[Move, str]`, the move arguments.
    ("tamerlane._tamerlane", "MoveArg", STUB_ONLY_NAME): _ALIAS,
    # `Union[SupportsIndex, str]`, the square arguments.
    ("tamerlane._tamerlane", "SquareArg", STUB_ONLY_NAME): _ALIAS,
    # The square-set arguments (a `SquareSet`, a mask, squares).
    ("tamerlane._tamerlane", "SquareSetArg", STUB_ONLY_NAME): _ALIAS,
    # `tamerlane._tamerlane.chess`, re-exported by chess.py.
    ("tamerlane._tamerlane", "chess", RUNTIME_ONLY): _SUBMODULE.format(game="chess"),
    # `tamerlane._tamerlane.makruk`, re-exported by makruk.py.
    ("tamerlane._tamerlane", "makruk", RUNTIME_ONLY): _SUBMODULE.format(game="makruk"),
}

# With gymnasium installed (it is in requirements-dev.txt), tamerlane.VectorEnv
# subclasses gymnasium.vector.VectorEnv at run time (vector_env.py) and
# inherits these members, while the stub types it as the Rust class
# _tamerlane.VectorEnv alone.
_GYMNASIUM = (
    "inherited from gymnasium.vector.VectorEnv, the run-time base of tamerlane.VectorEnv "
    "when gymnasium is installed; the stub types it as _tamerlane.VectorEnv, without it"
)
if importlib.util.find_spec("gymnasium") is not None:
    for _member in ["close_extras", "closed", "np_random", "np_random_seed", "render"]:
        KNOWN_DRIFT[("tamerlane", f"VectorEnv.{_member}", RUNTIME_ONLY)] = _GYMNASIUM


# --- the stubs, as mypy reads them -----------------------------------------


@dataclass(frozen=True)
class Ref:
    """A name bound by an import, or an alias ``X = module.Y``: the name
    ``name`` of module ``module`` (``name`` None: the module itself)."""

    module: str
    name: Optional[str]


Binding = Union[ast.stmt, Ref]


@dataclass
class Scope:
    """The top-level names of one stub or inline-typed source file."""

    module: str
    path: Path
    bindings: Dict[str, Binding]
    exported: Set[str]
    private_imports: Set[str]


def file_of(module: str) -> Optional[Path]:
    """The file mypy reads for a module of the package (a stub first),
    None for a module outside it or without a file (a native submodule)."""
    if module != "tamerlane" and not module.startswith("tamerlane."):
        return None
    parts = module.split(".")[1:]
    base = PACKAGE_DIR.joinpath(*parts)
    candidates = [base / "__init__.pyi", base / "__init__.py"]
    if parts:
        candidates = [base.with_suffix(".pyi"), base.with_suffix(".py")] + candidates
    return next((c for c in candidates if c.is_file()), None)


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def statements(body: List[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of a body as mypy sees them: ``if TYPE_CHECKING:``
    blocks entered (their ``else`` is unreachable to mypy), other ``if``
    and ``try`` blocks flattened."""
    for node in body:
        if isinstance(node, ast.If):
            if is_type_checking(node.test):
                yield from statements(node.body)
            elif isinstance(node.test, ast.UnaryOp) and is_type_checking(node.test.operand):
                yield from statements(node.orelse)
            else:
                yield from statements(node.body)
                yield from statements(node.orelse)
        elif isinstance(node, ast.Try):
            yield from statements(node.body)
            for handler in node.handlers:
                yield from statements(handler.body)
            yield from statements(node.orelse)
            yield from statements(node.finalbody)
        else:
            yield node


def target_names(target: ast.expr) -> Iterator[str]:
    if isinstance(target, ast.Name):
        yield target.id
    elif isinstance(target, (ast.Tuple, ast.List)):
        for element in target.elts:
            yield from target_names(element)


def literal_strings(value: ast.expr) -> Set[str]:
    """The strings of a literal list or tuple (``__all__ = [...]``)."""
    if not isinstance(value, (ast.List, ast.Tuple)):
        return set()
    return {e.value for e in value.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}


def absolute(module: str, level: int, name: Optional[str], is_package: bool) -> str:
    """The absolute name of a relative import's module."""
    if level == 0:
        return name or ""
    package = module.split(".")
    if not is_package:
        package = package[:-1]
    package = package[: len(package) - (level - 1)]
    return ".".join(package + ([name] if name else []))


@lru_cache(maxsize=None)
def scope(module: str) -> Scope:
    """The top-level names of the file mypy reads for ``module``."""
    path = file_of(module)
    assert path is not None, f"no stub or source file for {module}"
    return read_scope(module, path)


def read_scope(module: str, path: Path) -> Scope:
    """The top-level names of ``path``, the stub or source of ``module``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    bindings: Dict[str, Binding] = {}
    exported: Set[str] = set()
    private: Set[str] = set()
    listed: Set[str] = set()
    for node in statements(tree.body):
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            bindings[node.name] = node
            exported.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            for name in target_names(node.target):
                bindings[name] = node
                exported.add(name)
        elif isinstance(node, ast.Assign):
            names = [n for t in node.targets for n in target_names(t)]
            alias = alias_of(node.value, bindings)
            for name in names:
                if name == "__all__":
                    listed |= literal_strings(node.value)
                bindings[name] = alias if alias is not None and len(names) == 1 else node
                exported.add(name)
        elif isinstance(node, ast.Import):
            for a in node.names:
                bound = a.asname or a.name.split(".")[0]
                bindings[bound] = Ref(a.name if a.asname else bound, None)
                (exported if a.asname == a.name else private).add(bound)
        elif isinstance(node, ast.ImportFrom):
            source = absolute(module, node.level, node.module, path.stem == "__init__")
            for a in node.names:
                if a.name == "*":
                    star = scope(source)
                    for name in star.exported:
                        bindings[name] = star.bindings[name]
                        exported.add(name)
                    continue
                bound = a.asname or a.name
                submodule = f"{source}.{a.name}"
                if file_of(submodule) is not None:
                    bindings[bound] = Ref(submodule, None)
                else:
                    bindings[bound] = Ref(source, a.name)
                (exported if a.asname == a.name else private).add(bound)
    # Names listed in ``__all__`` are exported, imports included.
    exported |= listed & set(bindings)
    private -= listed
    return Scope(module, path, bindings, exported, private)


def alias_of(value: ast.expr, bindings: Dict[str, Binding]) -> Optional[Ref]:
    """``X = Y`` or ``X = module.Y``, where ``Y`` is bound by an import: the
    name it stands for."""
    if isinstance(value, ast.Name):
        bound = bindings.get(value.id)
        return bound if isinstance(bound, Ref) else None
    if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name):
        bound = bindings.get(value.value.id)
        if isinstance(bound, Ref) and bound.name is None:
            return Ref(bound.module, value.attr)
    return None


@dataclass(frozen=True)
class Declared:
    """Where a declaration ends up after following imports: a statement of
    a package file, or a name of a module outside the package."""

    module: str
    node: Optional[ast.stmt]
    external: Optional[Ref]


def resolve(module: str, name: str, depth: int = 0) -> Optional[Declared]:
    """The declaration of ``module.name`` as mypy follows it."""
    assert depth < 20, f"import cycle at {module}.{name}"
    if file_of(module) is None:
        return Declared(module, None, Ref(module, name))
    bound = scope(module).bindings.get(name)
    if bound is None:
        return None
    if isinstance(bound, Ref):
        if bound.name is None:
            return Declared(bound.module, None, Ref(bound.module, None))
        return resolve(bound.module, bound.name, depth + 1)
    return Declared(module, bound, None)


def resolve_expr(module: str, expr: ast.expr) -> Optional[Declared]:
    """A base-class expression: ``Name``, ``mod.Name``, ``Name[...]``."""
    if isinstance(expr, ast.Subscript):
        return resolve_expr(module, expr.value)
    if isinstance(expr, ast.Name):
        found = resolve(module, expr.id)
        # Not bound in the file: a builtin such as ValueError.
        return found if found is not None else Declared("builtins", None, Ref("builtins", expr.id))
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name):
        owner = resolve(module, expr.value.id)
        if owner is not None and owner.external is not None and owner.external.name is None:
            return resolve(owner.external.module, expr.attr)
    return None


def class_body_names(cls: ast.ClassDef) -> Tuple[Set[str], Set[str]]:
    """The members a class body declares, and among them those declared by
    a bare annotation (``x: int``: set on each instance, maybe not on the
    class)."""
    names: Set[str] = set()
    bare: Set[str] = set()
    for node in statements(cls.body):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            for name in target_names(node.target):
                names.add(name)
                if node.value is None:
                    bare.add(name)
        elif isinstance(node, ast.Assign):
            names.update(n for t in node.targets for n in target_names(t))
    return names, bare


def stub_members(module: str, cls: ast.ClassDef) -> Tuple[Set[str], Set[str]]:
    """Every member a stub class has, its bases' included, and those of
    them declared by a bare annotation."""
    names, bare = class_body_names(cls)
    for base in cls.bases:
        found = resolve_expr(module, base)
        assert found is not None, f"{module}: base {ast.unparse(base)} of {cls.name} not found"
        if isinstance(found.node, ast.ClassDef):
            more, more_bare = stub_members(found.module, found.node)
            names |= more
            bare |= more_bare
        elif found.external is not None and found.external.name is not None:
            real = getattr(importlib.import_module(found.external.module), found.external.name)
            if isinstance(real, type):
                names |= runtime_members(real)
        else:
            raise AssertionError(f"{module}: base {ast.unparse(base)} of {cls.name} is no class")
    return names, bare


# --- the modules, as they run ----------------------------------------------


def public(names: Iterator[str]) -> Set[str]:
    return {n for n in names if not n.startswith("_")}


def runtime_members(cls: type) -> Set[str]:
    """The public names a class lookup finds (its own and its bases')."""
    return public(n for k in cls.__mro__ for n in vars(k))


def runtime_names(module: types.ModuleType) -> Set[str]:
    """The public names of a module at run time that are its API: not the
    private imports of its own source, not its submodules."""
    names = public(iter(dir(module)))
    source = Path(getattr(module, "__file__", "") or "")
    if source.suffix == ".py" and source.parent.resolve() == PACKAGE_DIR:
        # Its own source: itself for ``tamerlane`` (typed inline), else the
        # file beside the stub (``chess.py`` beside ``chess.pyi``).
        names -= read_scope(module.__name__, source).private_imports
    for name in list(names):
        value = getattr(module, name)
        if (
            isinstance(value, types.ModuleType)
            and value.__name__ == f"{module.__name__}.{name}"
            and file_of(value.__name__) is not None
        ):
            names.discard(name)
    return names


def samples() -> Dict[type, object]:
    """Instances of the classes whose stubs declare instance attributes
    (set when the error is raised), to look for those attributes on."""
    found: Dict[type, object] = {}
    board = tamerlane.Board("11/K10/11/11/11/11/11/11/10k/R10 w - 00 0 1")
    board.push_str("a9bc")
    try:
        board.push_str("k2k3")
    except tamerlane.GameOverError as e:
        found[type(e)] = e
    try:
        tamerlane.pgn.read_game(io.StringIO("1. zz9 *\n"))
    except tamerlane.pgn.PgnError as e:
        found[type(e)] = e
    return found


# --- the comparison ----------------------------------------------------------


def drift(module_name: str) -> Set[Tuple[str, str, str]]:
    """Every disagreement of a module with its stub."""
    module = importlib.import_module(module_name)
    stub = scope(module_name)
    declared = public(iter(stub.exported))
    at_runtime = runtime_names(module)
    found: Set[Tuple[str, str, str]] = set()
    found |= {(module_name, n, RUNTIME_ONLY) for n in at_runtime - declared}
    found |= {(module_name, n, STUB_ONLY_NAME) for n in declared if not hasattr(module, n)}
    instances = samples()
    for name in sorted(declared):
        value = getattr(module, name, None)
        where = resolve(module_name, name)
        is_class = where is not None and isinstance(where.node, ast.ClassDef)
        if not isinstance(value, type):
            if is_class and hasattr(module, name):
                found.add((module_name, name, NO_CLASS_AT_RUN_TIME))
            continue
        if where is None or not isinstance(where.node, ast.ClassDef):
            found.add((module_name, name, NOT_A_CLASS))
            continue
        owner = where.module
        if owner != module_name and owner in CHECKED:
            if getattr(importlib.import_module(owner), where.node.name, None) is value:
                continue  # the same class, checked with the module that declares it
        members, bare = stub_members(owner, where.node)
        members = public(iter(members))
        real = runtime_members(value)
        found |= {(module_name, f"{name}.{m}", RUNTIME_ONLY) for m in real - members}
        sample = instances.get(value)
        for m in members - real:
            if m in bare and sample is not None and hasattr(sample, m):
                continue
            found.add((module_name, f"{name}.{m}", STUB_ONLY_NAME))
    return found


def describe(entries: Set[Tuple[str, str, str]]) -> str:
    return "\n".join(f"  {m}: {n} ({way})" for m, n, way in sorted(entries))


@pytest.mark.parametrize("module_name", sorted(CHECKED))
def test_the_stubs_declare_what_the_module_has_both_ways(module_name: str) -> None:
    found = drift(module_name)
    known = {k for k in KNOWN_DRIFT if k[0] == module_name}
    new = found - known
    fixed = known - found
    assert not new, (
        f"{module_name} and its stub {CHECKED[module_name]} disagree (fix the stub, "
        f"or the module):\n{describe(new)}"
    )
    assert not fixed, (
        f"these entries of KNOWN_DRIFT no longer disagree: remove them\n{describe(fixed)}"
    )


def test_every_stub_file_is_checked() -> None:
    stubs = {p.name for p in PACKAGE_DIR.glob("*.pyi")}
    covered = {f for f in CHECKED.values() if f.endswith(".pyi")} | STUB_ONLY
    assert stubs == covered, "a stub file the test does not know: add it to CHECKED"
    for module_name in CHECKED:
        assert file_of(module_name) == PACKAGE_DIR / CHECKED[module_name]


def test_the_known_drift_is_explained() -> None:
    for (module_name, name, way), why in KNOWN_DRIFT.items():
        assert module_name in CHECKED and way in (
            RUNTIME_ONLY,
            STUB_ONLY_NAME,
            NOT_A_CLASS,
            NO_CLASS_AT_RUN_TIME,
        )
        assert len(why) > 20, f"{module_name}: {name}: say why"
