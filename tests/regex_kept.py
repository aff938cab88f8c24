"""The compiled form of every regular expression a test process meets, kept in pytest's cache folder between the
test processes and between runs (the library code is untouched; only the test processes read it).

Why: compiling a pattern is pure Python (``re._parser`` parses it, ``re._compiler`` writes its opcodes) and only the
last step is C (``_sre.compile``). An xdist worker compiles ~5,400-7,500 distinct patterns — ~1,600 of them the
agent's own at import (collection), the rest built at run time from the KBs' headings, labels and terms — ~0.9 s of
CPU per worker measured, every run, in every worker. Kept here are the opcodes and group tables of each pattern (the
arguments ``re._compiler.compile`` hands ``_sre.compile``); a process loads them once (~0.05 s) and compiles from
them in C. The result is the same pattern object: ``re.Pattern`` compares equal by its text, flags and opcodes, and
every one of 7,593 patterns a worker met compared equal to a fresh compile (checked when this was written).

Never stale: the file is named for the interpreter's version and ``_sre``'s opcode magic, and an entry is keyed by
the pattern's type, text and flags, all its compile reads. Only the CPython versions whose ``re._compiler.compile``
is the one copied below (3.11-3.13) use it; any other runs as before, as does a pattern compiled with ``re.DEBUG``,
a pattern object (not a text) or a run without pytest's cache. Patterns that fail to compile raise as before and are
not kept. One difference: a deprecation warning the parser gives for a pattern (a "possible nested set") is given
the first time it is compiled, not again in a later process that finds it kept. Each process adds what it compiled
new when its session ends, merged under a file lock; the file starts again from one run's patterns when it outgrows
:data:`LIMIT` (tests write KBs under temporary names, so a few patterns are new every run).
"""
from __future__ import annotations

import os
import pickle
import sys
from pathlib import Path

LIMIT = 40_000  # entries (~20 MB): a run meets ~8,000 distinct patterns

_state: dict = {}


def keep_patterns(config) -> Path | None:
    """Compile patterns through the kept file in this process; its path, or ``None`` when not used (module doc)."""
    cache = getattr(config, "cache", None)
    if cache is None or sys.implementation.name != "cpython" or sys.version_info[:2] not in ((3, 11), (3, 12), (3, 13)):
        return None
    try:
        import _sre
        from re import _compiler, _parser
        original, make_code, parse, debug = _compiler.compile, _compiler._code, _parser.parse, _compiler.SRE_FLAG_DEBUG
    except (ImportError, AttributeError):
        return None
    if _state:
        return _state["path"]
    path = cache.mkdir("re-code") / "py{}.{}.{}-sre{}-{}.pickle".format(*sys.version_info[:3], _sre.MAGIC, _sre.CODESIZE)
    known: dict[tuple, tuple] = _load(path)
    new: dict[tuple, tuple] = {}

    def compile(p, flags=0):
        if type(p) not in (str, bytes) or flags & debug:
            return original(p, flags)
        key = (type(p), p, flags)
        hit = known.get(key)
        if hit is None:
            parsed = parse(p, flags)
            groupindex = parsed.state.groupdict
            indexgroup = [None] * parsed.state.groups
            for name, i in groupindex.items():
                indexgroup[i] = name
            hit = known[key] = new[key] = (flags | parsed.state.flags, [int(op) for op in make_code(parsed, flags)],
                                           parsed.state.groups - 1, groupindex, tuple(indexgroup))
        flags_out, code, groups, groupindex, indexgroup = hit
        return _sre.compile(p, flags_out, code, groups, dict(groupindex), indexgroup)

    _compiler.compile = compile
    _state.update(path=path, known=known, new=new)
    return path


def _load(path: Path) -> dict:
    try:
        kept = pickle.loads(path.read_bytes())
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, TypeError, ValueError):
        return {}
    return kept if isinstance(kept, dict) else {}


def save_patterns() -> None:
    """Add the patterns this process compiled new to the kept file (under a lock: the workers end together)."""
    new = _state.get("new")
    if not new:
        return
    path: Path = _state["path"]
    try:
        import fcntl
    except ImportError:  # no file locks here: the last writer's patterns win, the others' are compiled again
        fcntl = None
    try:
        with open(path.with_name(path.name + ".lock"), "a") as lock:
            if fcntl is not None:
                fcntl.flock(lock, fcntl.LOCK_EX)
            kept = _load(path)
            if len(kept) + len(new) > LIMIT:
                kept = {}
            kept.update(new)
            tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
            tmp.write_bytes(pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL))
            os.replace(tmp, path)
    except OSError:  # a read-only cache folder: nothing kept, as without it
        pass
    new.clear()
