"""Side by side with bm25s on the same chunks, in one process: query p50, build, cold load, size.

    python bench/vs_bm25s.py [KB_DIR]                 # the project's own chunks of a KB (default kb/)
    python bench/vs_bm25s.py --chunks 100000          # a synthetic corpus (bench/scale.py's generator)
    python bench/vs_bm25s.py --json                   # one JSON object instead of the table
    python bench/vs_bm25s.py --readme README.md       # also rewrite this corpus's table in the README

bm25s (``pip install -e '.[bench]'``: a bench-only extra, never a runtime dependency) is given
exactly the texts our index sees (``Chunk.index_text``), English stop words and the same
Snowball stemmer, so both rank the same passages. Its numba backend is used when numba is
importable, else numpy (the line says which). Query time is process CPU time from the query
string to the top-k ids — bm25s tokenises and retrieves (``n_threads=0``), our engine runs
``search`` with its result cache off — median over every query × ``--repeat`` after one warm-up
pass. Cold load runs in a new process and excludes imports; import time is its own line.
Why CPU time: the machine is shared, and wall time measures the neighbours.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

PRESETS = ("bm25", "hybrid-weighted")


def cpu_ms(fn, *args, **kwargs):
    t0 = time.process_time_ns()
    out = fn(*args, **kwargs)
    return (time.process_time_ns() - t0) / 1e6, out


def p50_ms(fn, queries: list[str], repeat: int) -> float:
    """Median CPU ms per call of ``fn(query)`` after one untimed pass over the queries."""
    for q in queries:
        fn(q)
    lat = []
    for _ in range(repeat):
        for q in queries:
            t0 = time.process_time_ns()
            fn(q)
            lat.append((time.process_time_ns() - t0) / 1e6)
    return statistics.median(lat)


def size_on_disk(path: Path) -> int:
    """Bytes of a file, or of an index file and its sidecars (same stem), or of a directory."""
    if path.is_dir():
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*") if p.is_file())


def child(code: str) -> dict:
    """Run ``code`` in a new interpreter; it prints one JSON line."""
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env=env)
    if out.returncode:
        raise RuntimeError(out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "child failed")
    return json.loads(out.stdout.strip().splitlines()[-1])


LOAD_ENGINE = """
import json, sys, time
t0 = time.perf_counter()
from rag import RetrievalEngine
from rag.cli import load_domain
import rag.engine
imp = time.perf_counter() - t0
dom = load_domain({domain!r})
c0, w0 = time.process_time(), time.perf_counter()
e = RetrievalEngine.load({path!r}, domain=dom)
cpu, wall = time.process_time() - c0, time.perf_counter() - w0
e.search({query!r}, top_k=10)  # the loaded index answers
print(json.dumps({{"import_s": imp, "load_cpu_s": cpu, "load_wall_s": wall,
                  "modules": sorted(m for m in ("braintrust", "anthropic", "sklearn", "scipy", "tokenizers")
                                    if m in sys.modules)}}))
"""

LOAD_BM25S = """
import json, time
t0 = time.perf_counter()
import bm25s, Stemmer
imp = time.perf_counter() - t0
c0, w0 = time.process_time(), time.perf_counter()
r = bm25s.BM25.load({path!r})
cpu, wall = time.process_time() - c0, time.perf_counter() - w0
r.backend = {backend!r}  # the first retrieve JIT-compiles with numba: not part of the load
q = bm25s.tokenize([{query!r}], stopwords="en", stemmer=Stemmer.Stemmer("english"), show_progress=False, return_ids=False)
r.retrieve(q, k=10, show_progress=False)
print(json.dumps({{"import_s": imp, "load_cpu_s": cpu, "load_wall_s": wall}}))
"""


def corpus(args):
    """(engine builder, index texts, queries, label) for a KB directory or a synthetic corpus."""
    from rag.cli import load_domain
    from rag.config import get_preset
    from rag.engine import RetrievalEngine

    cfg = get_preset("hybrid-weighted").with_(cache_size=0)
    if args.chunks:
        from scale import make_corpus

        texts, queries = make_corpus(args.chunks)
        records = [(f"c{i}", "", t) for i, t in enumerate(texts)]
        build = lambda: RetrievalEngine.from_records(records, cfg)  # noqa: E731
        return build, [f"\n{t}" for t in texts], queries[:args.queries], f"synthetic {args.chunks:,} chunks"
    kb = Path(args.kb)
    domain = load_domain(args.domain)
    build = lambda: RetrievalEngine.build(kb, cfg, domain=domain)  # noqa: E731
    engine = build()
    texts = [c.index_text for c in engine.chunks]
    qfile = Path(args.queries_file) if args.queries_file else ROOT / "datasets" / "retrieval.jsonl"
    if qfile.exists() and (args.queries_file or kb.resolve() == (ROOT / "kb").resolve()):
        queries = [json.loads(line)["query"] for line in qfile.open(encoding="utf-8") if line.strip()]
    else:  # any KB: its own section headers are the queries (generic, deterministic)
        queries = list(dict.fromkeys(c.section for c in engine.chunks if c.section.strip()))
    shown = kb.resolve().relative_to(ROOT) if kb.resolve().is_relative_to(ROOT) else kb
    return build, texts, queries[:args.queries], (f"KB {shown}/ ({len(texts):,} chunks"
                                                  f"{', domain ' + args.domain if args.domain else ''}; cold load "
                                                  "includes hashing the KB files to check the index is current)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kb", nargs="?", default=str(ROOT / "kb"))
    ap.add_argument("--chunks", type=int, help="synthetic corpus of N chunks instead of a KB")
    ap.add_argument("--domain", help="module:callable returning a rag.domain.Domain for the KB (default: none)")
    ap.add_argument("--queries-file", help="JSONL with a 'query' field (default: datasets/retrieval.jsonl for kb/)")
    ap.add_argument("--queries", type=int, default=200, help="at most this many queries")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("-k", type=int, default=10)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--readme", type=Path, help="replace the table between this corpus's markers in that file")
    args = ap.parse_args(argv)
    try:
        import bm25s
        import Stemmer
    except ImportError:
        print("bench/vs_bm25s.py needs bm25s: pip install -e '.[bench]'", file=sys.stderr)
        return 2
    from rag.config import get_preset

    try:
        import numba  # noqa: F401
        backend = "numba"
    except ImportError:
        backend = "numpy"
    build, texts, queries, label = corpus(args)
    r: dict = {"corpus": label, "chunks": len(texts), "queries": len(queries), "k": args.k, "bm25s_backend": backend}

    r["build_cpu_s"], engine = cpu_ms(build)
    r["build_cpu_s"] /= 1000
    stemmer = Stemmer.Stemmer("english")

    def bm25s_build():
        toks = bm25s.tokenize(texts, stopwords="en", stemmer=stemmer, show_progress=False)
        ret = bm25s.BM25(backend=backend)
        ret.index(toks, show_progress=False)
        return ret

    ms, retriever = cpu_ms(bm25s_build)
    r["bm25s_build_cpu_s"] = ms / 1000

    def bm25s_query(q: str):
        toks = bm25s.tokenize([q], stopwords="en", stemmer=stemmer, show_progress=False, return_ids=False)
        if not toks[0]:
            return None
        return retriever.retrieve(toks, k=args.k, show_progress=False, n_threads=0)

    r["bm25s_p50_ms"] = p50_ms(bm25s_query, queries, args.repeat)
    for preset in PRESETS:
        eng = engine.with_config(get_preset(preset).with_(cache_size=0))
        r[f"{preset}_p50_ms"] = p50_ms(lambda q: eng.search(q, top_k=args.k), queries, args.repeat)

    tmp = Path(tempfile.mkdtemp(prefix="vs_bm25s."))
    try:
        idx = tmp / "engine" / "index.json"
        engine.save(idx)
        r["size_mb"] = size_on_disk(idx) / 1e6
        retriever.save(str(tmp / "bm25s"))
        r["bm25s_size_mb"] = size_on_disk(tmp / "bm25s") / 1e6
        q = queries[0]
        ours = child(LOAD_ENGINE.format(path=str(idx), query=q, domain=args.domain))
        theirs = child(LOAD_BM25S.format(path=str(tmp / "bm25s"), query=q, backend=backend))
        r.update(load_cpu_s=ours["load_cpu_s"], load_wall_s=ours["load_wall_s"], import_s=ours["import_s"],
                 modules_on_import=ours["modules"], bm25s_load_cpu_s=theirs["load_cpu_s"],
                 bm25s_load_wall_s=theirs["load_wall_s"], bm25s_import_s=theirs["import_s"])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if args.json:
        print(json.dumps(r))
        return 0
    table = format_table(r)
    print(table)
    if args.readme:
        write_readme(args.readme, f"synthetic-{args.chunks}" if args.chunks else "kb", table)
    return 0


def write_readme(path: Path, key: str, table: str) -> None:
    """Replace the lines between ``<!-- vs_bm25s:KEY -->`` and ``<!-- /vs_bm25s:KEY -->``."""
    text = path.read_text(encoding="utf-8")
    start, end = f"<!-- vs_bm25s:{key} -->", f"<!-- /vs_bm25s:{key} -->"
    if start not in text or end not in text:
        print(f"{path}: no {start} … {end} markers; table not written", file=sys.stderr)
        return
    head, rest = text.split(start, 1)
    path.write_text(f"{head}{start}\n{table}\n{end}{rest.split(end, 1)[1]}", encoding="utf-8")


def format_table(r: dict) -> str:
    rows = [
        ("query p50, bm25 preset (CPU ms)", r["bm25_p50_ms"], r["bm25s_p50_ms"], "≤ 2×"),
        ("query p50, hybrid-weighted (CPU ms)", r["hybrid-weighted_p50_ms"], r["bm25s_p50_ms"], "≤ 3×"),
        ("build (CPU s)", r["build_cpu_s"], r["bm25s_build_cpu_s"], ""),
        ("cold load, new process, no imports (CPU s)", r["load_cpu_s"], r["bm25s_load_cpu_s"], ""),
        ("cold load (wall s)", r["load_wall_s"], r["bm25s_load_wall_s"], ""),
        ("index on disk (MB)", r["size_mb"], r["bm25s_size_mb"], "≤ 1.5×"),
        ("import (wall s)", r["import_s"], r["bm25s_import_s"], ""),
    ]
    out = [f"{r['corpus']}; {r['queries']} queries × top {r['k']}; bm25s {r['bm25s_backend']} backend", "",
           f"| {'figure':<44} | {'engine':>9} | {'bm25s':>9} | {'ratio':>7} | target |",
           f"|{'-' * 46}|{'-' * 10}:|{'-' * 10}:|{'-' * 8}:|--------|"]
    for name, ours, theirs, target in rows:
        ratio = ours / theirs if theirs else float("inf")
        out.append(f"| {name:<44} | {ours:9.3f} | {theirs:9.3f} | {ratio:6.1f}× | {target:<6} |")
    out += ["", f"modules loaded by `from rag import RetrievalEngine` + load: "
                f"{', '.join(r['modules_on_import']) or 'none of braintrust, anthropic, sklearn, scipy, tokenizers'}"]
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
