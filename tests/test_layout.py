"""The package layout is a contract, checked from the source with ``ast`` (no imports run):

* ``rag`` is generic retrieval: it imports none of ``mpa``, ``agent``, ``scorers``, ``evals``,
  and its source (code, comments and docstrings) names no media-planning concept — so the
  engine can index a KB about anything, and a domain word creeping back into rag/ is a domain
  rule hiding in the generic engine.
* imports go one way: rag ← mpa ← agent, scorers ← evals (agent and scorers do not import
  each other), with no import cycle among modules — lazy imports inside functions and
  ``TYPE_CHECKING`` blocks count, because a cycle hidden behind them is still a cycle.
* agent/, scorers/ and evals/ use only public names of rag/ and mpa/.
* no module is over 400 lines unless its docstring says why ("… 400 lines on purpose: …").
"""
from __future__ import annotations

import ast
import hashlib
import re
import sys
from collections import deque
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("rag", "mpa", "agent", "scorers", "evals")
# a package may import from the packages listed for it (and from itself)
ALLOWED = {
    "rag": {"rag"},
    "mpa": {"rag", "mpa"},
    "agent": {"rag", "mpa", "agent"},
    "scorers": {"rag", "mpa", "scorers"},
    "evals": set(PACKAGES),
}

# Media-planning vocabulary that must not appear in rag/ (case-insensitive, word-bounded).
# Chosen as the words that only make sense for this domain: its metric acronyms, the MPA-10
# framework, its KB's subjects (verticals, audiences, DMAs, benchmark tables) and the industry
# itself. Left out on purpose: words that are ordinary retrieval vocabulary here ("budget" is the
# token budget of context packing, "range", "typical", "average" are generic numeric cues) and
# the project's ``MPA_*`` environment variable prefix (a configuration namespace users already
# set, not a domain rule).
DOMAIN_TERMS = [
    r"CPM", r"CPC", r"CPA", r"CAC", r"CPL", r"CPI", r"CPCV", r"CTR", r"CVR", r"ROAS", r"LTV", r"KPIs?",
    r"MPA-10", r"media[- ]?(plan|planning|planner|mix)\w*", r"audiences?", r"audience sizing", r"verticals?",
    r"e-?commerce", r"DTC", r"SaaS", r"CPG", r"fintech", r"benchmarks?", r"DMAs?", r"advertis\w*",
    r"campaigns?", r"marketing", r"geo-?lift", r"ad spend",
]
_TERMS = re.compile(r"(?<![A-Za-z0-9_])(?:" + "|".join(DOMAIN_TERMS) + r")(?![A-Za-z0-9])", re.I)


def _modules() -> dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for p in sorted((ROOT / pkg).rglob("*.py")):
            rel = p.relative_to(ROOT).with_suffix("")
            parts = list(rel.parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = p
    return out


MODULES = _modules()


# a module's imports by the sha256 of its source: read from pytest's cache by _parsed_before, so
# only the files changed since the last run are parsed (~0.6 s of CPU for all of them)
_PARSED: dict[str, list] = {}
_USED: set[str] = set()
_CACHE_KEY = f"mpa-layout/imports-py{sys.version_info[0]}.{sys.version_info[1]}"  # ``ast`` is the Python's


@pytest.fixture(scope="module", autouse=True)
def _parsed_before(pytestconfig):
    """The imports earlier runs parsed (none without pytest's cache); this run's are kept for the next."""
    cache = getattr(pytestconfig, "cache", None)
    if cache is not None:
        _PARSED.update(cache.get(_CACHE_KEY, {}))
    yield
    if cache is not None:
        cache.set(_CACHE_KEY, {h: _PARSED[h] for h in sorted(_USED)})


@lru_cache(maxsize=None)
def _imports(path: Path) -> list[tuple[str, list[str], int]]:
    """(module, imported names, line) for every import statement, anywhere in the file (parsed once
    per source text, :data:`_PARSED`: three checks read every module's imports). Callers only read
    the list."""
    text = path.read_text(encoding="utf-8")
    key = hashlib.sha256(text.encode("utf-8")).hexdigest()
    if key not in _PARSED:
        _PARSED[key] = _parse_imports(text, path)
    _USED.add(key)
    return [(module, list(names), line) for module, names, line in _PARSED[key]]


def _parse_imports(text: str, path: Path) -> list[tuple[str, list[str], int]]:
    tree = ast.parse(text, filename=str(path))
    out = []
    for node in _statements(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, [], node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.module, [a.name for a in node.names], node.lineno))
    return out


_BLOCKS = (ast.stmt, ast.excepthandler, ast.match_case)  # what a statement can be nested in


def _statements(tree: ast.AST):
    """``ast.walk`` (breadth first, in the same order) over the statements only: an import is a
    statement, and no statement is inside an expression, so the walk need not enter expressions
    (most of a module's nodes)."""
    todo = deque([tree])
    while todo:
        node = todo.popleft()
        todo.extend(c for c in ast.iter_child_nodes(node) if isinstance(c, _BLOCKS))
        yield node


def _project_targets(module: str, names: list[str]) -> list[str]:
    """Project modules an import statement loads: ``from rag import lookups`` → rag.lookups."""
    if module.split(".")[0] not in PACKAGES:
        return []
    subs = [f"{module}.{n}" for n in names if f"{module}.{n}" in MODULES]
    return subs or [module]


def _graph() -> dict[str, set[str]]:
    g: dict[str, set[str]] = {m: set() for m in MODULES}
    for mod, path in MODULES.items():
        for target, names, _ in _imports(path):
            for t in _project_targets(target, names):
                if t != mod:
                    g[mod].add(t)
    return g


def _cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in g.get(v, ()):
            if w not in g:
                continue
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
                out.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def test_the_layout_sees_every_package():
    assert {m.split(".")[0] for m in MODULES} == set(PACKAGES)
    assert "rag.engine" in MODULES and "mpa.engine" in MODULES


@pytest.mark.parametrize("pkg", PACKAGES)
def test_imports_go_one_way(pkg):
    bad = []
    for mod, path in MODULES.items():
        if mod.split(".")[0] != pkg:
            continue
        for target, names, line in _imports(path):
            top = target.split(".")[0]
            if top in PACKAGES and top not in ALLOWED[pkg]:
                bad.append(f"{path.relative_to(ROOT)}:{line} imports {target}")
    assert not bad, f"{pkg}/ may import only from {sorted(ALLOWED[pkg])}:\n" + "\n".join(bad)


def test_no_import_cycles():
    cycles = _cycles(_graph())
    assert not cycles, "import cycles: " + "; ".join(" ↔ ".join(c) for c in cycles)


def test_cycle_finder_finds_a_cycle():  # the check above must be able to fail
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_rag_names_no_domain_term():
    hits = []
    for mod, path in MODULES.items():
        if not mod.startswith("rag"):
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            m = _TERMS.search(line)
            if m:
                hits.append(f"{path.relative_to(ROOT)}:{n}: {m.group(0)!r} in {line.strip()[:100]}")
    assert not hits, "media-planning terms in the generic rag/ package:\n" + "\n".join(hits)


@pytest.mark.parametrize("line", ["typical ecommerce CAC", "# boost benchmark rows", "the MPA-10 framework",
                                  "sizing an audience", '"verticals": ...'])
def test_domain_term_list_catches(line):
    assert _TERMS.search(line)


@pytest.mark.parametrize("line", ["token budget", "a typical range", "MPA_KB_DIR", "vertically", "pacing"])
def test_domain_term_list_spares_generic_words(line):
    assert not _TERMS.search(line)


def test_no_private_names_across_packages():
    """agent/, scorers/, evals/ import no ``_private`` name from rag/ or mpa/ modules."""
    bad = []
    for mod, path in MODULES.items():
        if mod.split(".")[0] not in ("agent", "scorers", "evals"):
            continue
        text = path.read_text(encoding="utf-8")
        for target, names, line in _imports(path):
            if target.split(".")[0] in ("rag", "mpa"):
                bad += [f"{path.relative_to(ROOT)}:{line} imports {target}.{n}" for n in names if n.startswith("_")]
        for m in re.finditer(r"\b(?:rag|mpa)(?:\.\w+)+\._\w+", text):
            bad.append(f"{path.relative_to(ROOT)}: uses {m.group(0)}")
    assert not bad, "\n".join(bad)


_SIZE_REASON = re.compile(r"400 lines on purpose|(?:About|Over|Just over) \d+ lines on purpose", re.I)


def test_no_module_over_400_lines_without_a_stated_reason():
    """The house limit: a module over 400 lines states why in its docstring (one concept that does not split well)."""
    over = []
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            if text.count("\n") > 400 and not _SIZE_REASON.search(ast.get_docstring(ast.parse(text)) or ""):
                over.append(f"{path.relative_to(ROOT)}: {text.count(chr(10))} lines")
    assert not over, "over 400 lines with no reason in the docstring: " + "; ".join(over)
