"""Command line for the agent.

    python -m agent chat [--model offline|anthropic] [--kb kb] [--index .index/kb-index.json]
    python -m agent run-scenario datasets/scenarios/s01-novice-ecommerce.json [--json out.json]

``chat`` is an interactive terminal conversation (the offline agent — a deterministic
extractive baseline policy, not Claude — unless ``ANTHROPIC_API_KEY`` is set or ``--model``
says otherwise). Each answer is preceded by the tool calls it made and followed by the
citations it used; ``quit``, ``exit`` or end of input (Ctrl-D) leaves.
"""
from __future__ import annotations

import argparse
import json
import logging
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _default(path: str) -> str:
    """A path relative to the current directory when it exists there, else to the repository."""
    return path if Path(path).exists() else str(ROOT / path)


def _engine(args):
    from mpa.engine import build_engine
    from rag.config import get_preset
    from rag.engine import IndexRebuildWarning

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", IndexRebuildWarning)  # a rebuild is reported below instead
        engine = build_engine(args.kb, get_preset(args.preset), index_path=args.index)
    if engine.rebuild_reason and engine.rebuild_reason != "no index file yet":
        print(f"(index rebuilt: {engine.rebuild_reason})", file=sys.stderr)
    return engine


def _model(args):
    from agent.models import make_model

    return make_model(args.model)


def cmd_chat(args) -> int:
    from agent.engine import ConversationEngine
    from agent.prompts import system_prompt
    from mpa.tools import ToolExecutor

    print("Loading the knowledge base…", file=sys.stderr)
    engine = _engine(args)
    model = _model(args)
    executor = ToolExecutor(engine, include_research=args.research)
    conv = ConversationEngine(model, executor, system_prompt(), max_tool_rounds=args.max_tool_rounds)
    kind = "OfflineAgent (a deterministic extractive baseline policy, not Claude)" \
        if getattr(model, "name", "").startswith("offline") else f"Claude ({model.name})"
    print(f"MPA chat — {kind}; {len(engine.chunks)} passages from {len(engine.files)} documents.")
    print("Ask a media-planning question. Type 'quit' or press Ctrl-D to leave.\n")
    interactive = sys.stdin.isatty()
    while True:
        try:
            text = input("you> ") if interactive else sys.stdin.readline()
        except (EOFError, KeyboardInterrupt):
            print()
            break
        if not interactive:
            if text == "":
                break
            text = text.rstrip("\n")
            print(f"you> {text}")
        text = text.strip()
        if not text:
            continue
        if text.lower() in ("quit", "exit", ":q", "bye"):
            break
        turn = conv.send(text)
        for c in turn.tool_calls:
            args_s = ", ".join(f"{k}={v!r}" for k, v in (c["input"] or {}).items()) \
                if isinstance(c["input"], dict) else repr(c["input"])
            status = "error" if c["is_error"] else f"{len(c['retrieved_ids'])} passage(s)"
            print(f"  ↳ {c['name']}({args_s}) → {status} in {c['latency_ms']:.1f} ms")
        if turn.error:
            print(f"mpa> [error] {turn.error}\n")
            continue
        print(f"mpa> {turn.assistant}")
        if turn.citations:
            print(f"  citations: {', '.join(turn.citations)}")
        if turn.invalid_citations:
            print(f"  WARNING: cited but never retrieved: {', '.join(turn.invalid_citations)}")
        print()
    return 0


def cmd_run_scenario(args) -> int:
    from agent.scenario import ScenarioError, load_scenario, run_scenario, transcript

    try:
        scenario = load_scenario(args.path)
    except ScenarioError as exc:
        print(exc, file=sys.stderr)
        return 2
    engine = _engine(args)
    record = run_scenario(scenario, engine, model=_model(args), max_tool_rounds=args.max_tool_rounds,
                          include_research=args.research)
    print(transcript(record))
    if args.json:
        Path(args.json).write_text(json.dumps(record, indent=2, ensure_ascii=False), encoding="utf-8")
        print(f"\nrecord written to {args.json}")
    return 0 if not record["errors"] else 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m agent", description="The media-planning assistant's agent.")
    ap.add_argument("--kb", default=_default("kb"), help="knowledge-base directory (default: kb)")
    ap.add_argument("--index", default=_default(".index") + "/kb-index.json", help="index file")
    ap.add_argument("--preset", default="hybrid-weighted", help="retrieval preset (rag.config.PRESETS)")
    ap.add_argument("--model", choices=["offline", "anthropic"], default=None,
                    help="offline baseline or Claude (default: Claude when ANTHROPIC_API_KEY is set)")
    ap.add_argument("--max-tool-rounds", type=int, default=3)
    ap.add_argument("--research", action="store_true", help="also offer the research_topic tool")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("chat", help="interactive terminal chat")
    rs = sub.add_parser("run-scenario", help="play a scenario file and print the transcript")
    rs.add_argument("path")
    rs.add_argument("--json", help="also write the eval output record to this file")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    return {"chat": cmd_chat, "run-scenario": cmd_run_scenario}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
