"""Command line: ``python -m rag index KB_DIR`` and ``python -m rag search "QUERY"``.

The generic engine knows no domain; ``--domain module:callable`` (or ``$RAG_DOMAIN``) names a
function returning a :class:`rag.domain.Domain` to plug in (its tagger, boosts and intent
rules). A domain package can ship its own entry point that calls :func:`main` with its domain
as the default (``python -m mpa`` does).
"""
from __future__ import annotations

import argparse
import importlib
import json
import logging
import os
import sys
import textwrap
import time
import warnings
from pathlib import Path

from rag.config import DEFAULT_PRESET, PRESETS, get_preset
from rag.documents import EmptyKnowledgeBaseError
from rag.domain import Domain
from rag.persistence import IndexFileError
from rag.settings import RagSettings

FIXTURE_KB = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "kb"


def default_kb(kb_dir: Path | None = None) -> Path:
    """``kb_dir`` (``MPA_KB_DIR``, :class:`rag.settings.RagSettings`), else ``./kb``, else the fixture KB."""
    if kb_dir:
        return Path(kb_dir)
    return Path("kb") if Path("kb").is_dir() else FIXTURE_KB


def default_index(kb: Path) -> Path:
    return Path(".index") / f"{kb.resolve().name}-index.json"


def load_domain(spec: str | None) -> Domain | None:
    """``"package.module:function"`` → the Domain that function returns (None for no spec)."""
    if not spec:
        return None
    mod_name, _, attr = spec.partition(":")
    if not mod_name or not attr:
        raise ValueError(f"--domain must look like module:callable, got {spec!r}")
    try:
        factory = getattr(importlib.import_module(mod_name), attr)
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"--domain {spec}: cannot load it ({exc})") from None
    domain = factory() if callable(factory) else factory
    if not isinstance(domain, Domain):
        raise ValueError(f"--domain {spec}: returned {type(domain).__name__}, not a rag.domain.Domain")
    return domain


def _positive_int(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be an integer >= 1, got {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be an integer >= 1, got {n}")
    return n


def _engine(kb: Path, index: Path | None, preset: str, rebuild: bool = False, domain: str | None = None,
            store: str | None = None):
    from rag.engine import RetrievalEngine

    if store:  # Postgres is the source of truth: sync the KB into it, search the stored chunks
        from rag.pgengine import open_engine

        return open_engine(store, kb, get_preset(preset), load_domain(domain), rebuild=rebuild)

    return RetrievalEngine.from_directory(kb, get_preset(preset), index_path=index or default_index(kb),
                                          rebuild=rebuild, domain=load_domain(domain))


def cmd_index(args) -> int:
    kb = Path(args.kb_dir)
    t0 = time.perf_counter()
    engine = _engine(kb, args.out, args.preset, rebuild=args.rebuild, domain=args.domain, store=args.store)
    dt = time.perf_counter() - t0
    st = engine.stats()
    out = f"Postgres schema {engine.store.schema}" if args.store else args.out or default_index(kb)
    if getattr(engine, "save_error", None):
        print(f"error: {engine.save_error.split('; ')[0]}", file=sys.stderr)
        return 2
    print(f"indexed {st['documents']} files, skipped {len(st['skipped'])} → {st['chunks']} chunks, "
          f"{st['vocabulary']:,} terms in {dt * 1000:.0f} ms → {out}")
    if engine.rebuild_reason:
        print(f"  ({engine.rebuild_reason})")
    for name, reason in st["skipped"]:
        print(f"  skipped {name}: {reason}")
    return 0


def cmd_search(args) -> int:
    kb = Path(args.kb) if args.kb else default_kb(args.settings.kb_dir)
    engine = _engine(kb, args.index, args.preset, domain=args.domain, store=args.store)
    t0 = time.perf_counter()
    results = engine.search(args.query, top_k=args.k, method=args.method, mode=args.mode)
    dt = (time.perf_counter() - t0) * 1000
    if args.pack:
        pool = engine.search(args.query, top_k=max(args.k, 20), method=args.method, mode=args.mode)
        packed = engine.pack(args.query, pool, budget_tokens=args.budget)
        if args.trace:
            print(json.dumps(packed.trace, indent=2, ensure_ascii=False))
        else:
            print(packed.text)
        print(f"# packed {len(packed.chunks)} passages, {packed.tokens} tokens (budget {packed.trace['budget']})",
              file=sys.stderr)
        return 0
    if args.json:
        print(json.dumps({"query": args.query, "method": args.method or engine.config.method,
                          "latency_ms": round(dt, 3), "reason": results.reason,
                          "results": [r.to_dict() for r in results]}, indent=2, ensure_ascii=False))
        return 0
    print(f'query: "{args.query}"  method: {args.method or engine.config.method}  kb: {kb}  ({dt:.2f} ms)')
    if not results:
        print(f"no results: {results.reason}")
        return 0
    print(f"{'#':>2}  {'score':>5}  {'tfidf':>5}  {'bm25':>6}  {'boost':>5}  source › section")
    for r in results:
        b = r.breakdown
        print(f"{r.rank:>2}  {r.score:5.3f}  {b.get('tfidf', 0):5.3f}  {b.get('bm25', 0):6.2f}  {b['boost']:5.2f}  "
              f"{r.citation}  [{r.citation_id}]")
        snippet = " ".join(r.chunk.text.split())[:220]
        print(textwrap.indent(textwrap.fill(snippet, 96), " " * 8))
    return 0


def main(argv: list[str] | None = None, domain: str | None = None, prog: str = "python -m rag") -> int:
    """Run the CLI; ``domain`` is the default ``--domain`` (else ``$RAG_DOMAIN``)."""
    settings = RagSettings.for_command()
    if settings is None:
        return 2
    p = argparse.ArgumentParser(prog=prog, description="Index and search a knowledge-base directory.")
    p.add_argument("-v", "--verbose", action="store_true")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--domain", default=domain or os.environ.get("RAG_DOMAIN") or None, metavar="MODULE:CALLABLE",
                        help="domain plug-in returning a rag.domain.Domain (default: $RAG_DOMAIN, else none)")
    common.add_argument("--store", default=settings.store, metavar="postgresql://…",
                        help="keep the chunks in Postgres (synced from the KB folder) instead of an index file "
                             "(default: $MPA_STORE)")
    sub = p.add_subparsers(dest="cmd", required=True)

    pi = sub.add_parser("index", parents=[common], help="build (or update) the JSON index of a KB directory")
    pi.add_argument("kb_dir")
    pi.add_argument("--out", type=Path, help="index file (default .index/<kb>-index.json)")
    pi.add_argument("--preset", default=DEFAULT_PRESET, choices=sorted(PRESETS))
    pi.add_argument("--rebuild", action="store_true", help="ignore any existing index file")
    pi.set_defaults(func=cmd_index)

    ps = sub.add_parser("search", parents=[common], help="search the KB (builds the index on first use)")
    ps.add_argument("query")
    ps.add_argument("-k", type=_positive_int, default=5, help="number of results (>= 1)")
    ps.add_argument("--method", choices=["tfidf", "bm25", "weighted", "rrf", "postgres"],
                    help="postgres: the store's SQL retriever, BM25 over a GIN tsvector match (needs --store)")
    ps.add_argument("--preset", default=DEFAULT_PRESET, choices=sorted(PRESETS))
    ps.add_argument("--kb", help="KB directory (default: $MPA_KB_DIR, ./kb, else the test fixture KB)")
    ps.add_argument("--index", type=Path, help="index file (default .index/<kb>-index.json)")
    ps.add_argument("--json", action="store_true", help="machine-readable output")
    ps.add_argument("--mode", choices=["fast", "balanced", "thorough"], help="speed/quality dial")
    ps.add_argument("--pack", action="store_true", help="print the token-budgeted context instead of a table")
    ps.add_argument("--budget", type=int, default=None, help="packing budget in tokens (default 8000)")
    ps.add_argument("--trace", action="store_true", help="with --pack: print the JSON packing trace")
    ps.set_defaults(func=cmd_search)

    args = p.parse_args(argv)
    args.settings = settings
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    warnings.simplefilter("ignore")  # the same messages arrive through logging
    try:
        code = args.func(args)
        sys.stdout.flush()  # a closed pipe shows here, not as "Exception ignored" at exit
        return code
    except (EmptyKnowledgeBaseError, IndexFileError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `| head` closed the pipe: not an error, and no traceback at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        return 130
    except OSError as exc:
        print(f"error: {exc.strerror or exc}{f': {exc.filename}' if exc.filename else ''}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 — a CLI prints one line; -v shows the traceback
        if args.verbose:
            raise
        print(f"error: {type(exc).__name__}: {exc} (run with -v for the traceback)", file=sys.stderr)
        return 1
