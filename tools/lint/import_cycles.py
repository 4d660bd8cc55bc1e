#!/usr/bin/env python3
"""Finds import circles between the files of each Rust crate of the workspace.

A file imports another when it names an item of that file's module through a
`crate::`, `super::` or `self::` path (in `use` lines and in code; comments
and strings are left out). A path is followed to the deepest module file it
names; a name that a `mod.rs` or `lib.rs` re-exports with `pub use` is
followed to the module it comes from. Child modules are not imports of their
parent (`mod x;` only declares them), and a file's own `#[cfg(test)]` module
counts as part of it only outside `mod tests` blocks.

Usage: import_cycles.py CRATE_SRC_DIR... ; exits 1 and prints each circle
(a strongly connected set of files) when there is one.
"""

import os
import re
import sys


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
    return re.sub(r"//[^\n]*", "", text)


def without_test_modules(text):
    """The text without `#[cfg(test)] mod NAME { ... }` blocks."""
    out = []
    i = 0
    for m in re.finditer(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{", text):
        if m.start() < i:
            continue
        out.append(text[i : m.start()])
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        i = j
    out.append(text[i:])
    return "".join(out)


def module_files(src):
    """Module path (tuple) -> file, for one crate's src dir."""
    mods = {}
    for root, _, files in os.walk(src):
        for f in files:
            if not f.endswith(".rs"):
                continue
            path = os.path.join(root, f)
            rel = os.path.relpath(path, src)[:-3].split(os.sep)
            if rel[-1] in ("mod", "lib", "main"):
                rel = rel[:-1]
            mods[tuple(rel)] = path
    return mods


def reexports(text):
    """name -> path segments, for `pub use crate::a::b::{X, Y}` / `pub use a::X` lines."""
    out = {}
    for m in re.finditer(r"pub(?:\([^)]*\))?\s+use\s+([^;]+);", text):
        body = m.group(1).replace("\n", " ")
        base, _, group = body.partition("{")
        base = [s for s in base.strip().rstrip(":").split("::") if s]
        names = group.rstrip("} ").split(",") if group else [base.pop()] if base else []
        for n in names:
            n = n.strip()
            if not n or n == "self":
                continue
            parts = [s.strip() for s in n.split("::")]
            name = parts[-1].split(" as ")[-1].strip()
            out[name] = base + [p.split(" as ")[0].strip() for p in parts]
    return out


def resolve(mods, module, segs, reexp, depth=0):
    """The module (tuple) a path from `module` names, or None."""
    if not segs:
        return None
    head, rest = segs[0], list(segs[1:])
    if head == "crate":
        cur = ()
    elif head == "super":
        cur = module[:-1]
        while rest and rest[0] == "super":
            cur, rest = cur[:-1], rest[1:]
    elif head == "self":
        cur = module
    else:
        cur = module
        rest = [head] + rest
        if cur + (head,) not in mods:
            return None
    best = cur
    for i, s in enumerate(rest):
        if cur + (s,) in mods:
            cur = cur + (s,)
            best = cur
            continue
        # An item of `cur`: follow a re-export one level, if any.
        if depth < 4 and s in reexp.get(cur, {}):
            target = resolve(mods, cur, reexp[cur][s], reexp, depth + 1)
            if target is not None:
                return target
        break
    return best


def edges(src):
    mods = module_files(src)
    texts = {m: without_test_modules(strip_comments(open(p).read())) for m, p in mods.items()}
    reexp = {m: reexports(t) for m, t in texts.items()}
    graph = {m: set() for m in mods}
    for m, t in texts.items():
        # `use` trees: expand `a::{b, c::d}` one level.
        for u in re.finditer(r"\buse\s+((?:crate|super|self)[^;]*);", t):
            body = u.group(1).replace("\n", " ")
            base, _, group = body.partition("{")
            base = [s for s in base.strip().rstrip(":").split("::") if s]
            items = [g.strip() for g in group.rstrip("} ").split(",")] if group else [""]
            for it in items:
                segs = base + [s.strip() for s in it.split("::") if s.strip()]
                segs = [s.split(" as ")[0].strip() for s in segs]
                target = resolve(mods, m, segs, reexp)
                if target is not None and target != m and target[: len(m)] != m:
                    graph[m].add(target)
        for p in re.finditer(r"\b((?:crate|super)(?:::\w+)+)", t):
            target = resolve(mods, m, p.group(1).split("::"), reexp)
            if target is not None and target != m and target[: len(m)] != m:
                graph[m].add(target)
    # A parent is not an import of its child when it only declares it.
    return mods, graph


def cycles(graph):
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(comp)

    sys.setrecursionlimit(10000)
    for v in graph:
        if v not in index:
            visit(v)
    return out


def main():
    bad = 0
    for src in sys.argv[1:]:
        mods, graph = edges(src)
        found = cycles(graph)
        for comp in found:
            bad += 1
            names = sorted(os.path.relpath(mods[c], src) for c in comp)
            print(f"{src}: import circle: {' <-> '.join(names)}")
        if not found:
            print(f"{src}: {len(mods)} files, no import circle")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
