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
the first time it is compiled, not again in a later process that finds it kept.

Written when a session ends, merged under a file lock, only by a process whose new patterns cost more than
:data:`WORTH_SAVING` to compile: ~50 patterns are new in every process of every run — alternations joined from a
set's words, whose order of equal-length words follows the process's string hashing (tokenize's own pattern is one)
— and rewriting the file for them (~0.1 s, when the workers end together) would cost more than it saves. The file
starts again from the patterns this process met when it would outgrow :data:`LIMIT` entries.
"""
from __future__ import annotations

import os
import pickle
import sys
import time
from pathlib import Path

LIMIT = 15_000  # entries (~500 bytes each): a run meets ~9,300 distinct patterns
WORTH_SAVING = 0.1  # seconds of CPU the new patterns cost to compile (a code change's new patterns, a first run)

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
    used: set[tuple] = set()
    cost = [0.0]  # CPU seconds the new patterns took

    def compile(p, flags=0):
        if type(p) not in (str, bytes) or flags & debug:
            return original(p, flags)
        key = (type(p), p, flags)
        used.add(key)
        hit = known.get(key)
        if hit is None:
            t0 = time.process_time()
            parsed = parse(p, flags)
            groupindex = parsed.state.groupdict
            indexgroup = [None] * parsed.state.groups
            for name, i in groupindex.items():
                indexgroup[i] = name
            hit = known[key] = new[key] = (flags | parsed.state.flags, [int(op) for op in make_code(parsed, flags)],
                                           parsed.state.groups - 1, groupindex, tuple(indexgroup))
            cost[0] += time.process_time() - t0
        flags_out, code, groups, groupindex, indexgroup = hit
        return _sre.compile(p, flags_out, code, groups, dict(groupindex), indexgroup)

    _compiler.compile = compile
    _state.update(path=path, known=known, new=new, used=used, cost=cost, original=original)
    return path


def _load(path: Path) -> dict:
    try:
        kept = pickle.loads(path.read_bytes())
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, TypeError, ValueError):
        return {}
    return kept if isinstance(kept, dict) else {}


def save_patterns() -> None:
    """Add the patterns this process compiled new to the kept file (under a lock: the workers end together), when
    they cost :data:`WORTH_SAVING` or more to compile."""
    new = _state.get("new")
    if not new or _state["cost"][0] < WORTH_SAVING:
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
            kept.update(new)
            if len(kept) > LIMIT:
                known = _state["known"]
                kept = {k: known[k] for k in _state["used"] if k in known}
            tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
            tmp.write_bytes(pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL))
            os.replace(tmp, path)
    except OSError:  # a read-only cache folder: nothing kept, as without it
        pass
    new.clear()
    _state["cost"][0] = 0.0
