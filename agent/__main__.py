"""Command line for the agent.

    python -m agent chat [--model offline|anthropic] [--kb kb] [--index .index/kb-index.json]
    python -m agent run-scenario datasets/scenarios/s01-novice-ecommerce.json [--json out.json]

``chat`` is an interactive terminal conversation (the offline agent — a deterministic
extractive baseline policy, not Claude — unless ``ANTHROPIC_API_KEY`` is set or ``--model``
says otherwise). Each answer is preceded by the tool calls it made and followed by the
citations it used; ``quit``, ``exit`` or end of input (Ctrl-D) leaves. After an answer, ``/good``
or ``/bad [note]`` records feedback on it (``--feedback FILE``, a SQLite file; with
``BRAINTRUST_API_KEY`` set each turn is also logged to Braintrust and the rating attached to its
span with ``log_feedback``); ``python -m evals feedback-to-goldens`` drafts goldens from ``/bad``.
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _default(path: str) -> str:
    """A path relative to the current directory when it exists there, else to the repository."""
    return path if Path(path).exists() else str(ROOT / path)


def _index_for(args) -> str:
    """``--index``, else the KB's own index file: ``.index/kb-index.json`` for the shipped KB (as
    ``make eval`` builds it), ``./.index/<kb name>-index.json`` for any other KB."""
    if args.index:
        return args.index
    kb = Path(args.kb).resolve()
    if kb == (ROOT / "kb").resolve():
        return str(ROOT / ".index" / "kb-index.json")
    return str(Path(".index") / f"{kb.name}-index.json")


def _engine(args):
    from mpa.engine import build_engine
    from rag.config import get_preset
    from rag.engine import IndexRebuildWarning

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", IndexRebuildWarning)  # a rebuild is reported below instead
        engine = build_engine(args.kb, get_preset(args.preset), index_path=_index_for(args))
    if engine.rebuild_reason and engine.rebuild_reason != "no index file yet":
        print(f"(index rebuilt: {engine.rebuild_reason})", file=sys.stderr)
    return engine


def _model(args):
    from agent.models import make_model

    return make_model(args.model)


class TurnLog:
    """Each chat turn as a span of the project's Braintrust logs, when a key is set (else a no-op),
    so a rating can be attached to the span it judges."""

    def __init__(self, project: str):
        self.logger = None
        if os.environ.get("BRAINTRUST_API_KEY"):
            import braintrust

            self.logger = braintrust.init_logger(project=project)

    def turn(self, question: str, turn, config: dict) -> str | None:
        if self.logger is None:
            return None
        return self.logger.log(input=question, output=turn.assistant,
                               metadata={"citations": turn.citations, "retrieved_ids": turn.retrieved_ids,
                                         **{k: v for k, v in config.items() if k != "tool_calls"}})

    def feedback(self, span_id: str | None, rating: str, note: str) -> None:
        if self.logger is not None and span_id:
            self.logger.log_feedback(id=span_id, scores={"user_rating": 1.0 if rating == "good" else 0.0},
                                     comment=note or None, source="external")
            self.logger.flush()


def _feedback(store, bt: TurnLog, last: dict | None, text: str) -> None:
    """``/good`` or ``/bad [note]`` on the last answer."""
    rating, _, note = text[1:].partition(" ")
    if last is None:
        print("  (no answer yet to rate)\n")
        return
    turn = last["turn"]
    row = store.add(rating=rating, question=last["question"], answer=turn.assistant, note=note.strip(),
                    retrieved_ids=turn.retrieved_ids, config=last["config"], channel="chat")
    bt.feedback(last.get("span_id"), rating, note.strip())
    print(f"  feedback #{row} ({rating}) stored in {store.path}\n")


def cmd_chat(args) -> int:
    from agent.engine import ConversationEngine
    from agent.prompts import system_prompt
    from mpa.tools import ToolExecutor
    from rag.feedback import FeedbackError, FeedbackStore

    try:
        store = FeedbackStore(args.feedback)
    except FeedbackError as exc:
        print(f"error: --feedback: {exc}", file=sys.stderr)
        return 2
    bt = TurnLog(args.settings.bt_project)
    last: dict | None = None

    print("Loading the knowledge base…", file=sys.stderr)
    engine = _engine(args)
    model = _model(args)
    executor = ToolExecutor(engine, include_research=args.research)
    conv = ConversationEngine(model, executor, system_prompt(), max_tool_rounds=args.max_tool_rounds)
    kind = "OfflineAgent (a deterministic extractive baseline policy, not Claude)" \
        if getattr(model, "name", "").startswith("offline") else f"Claude ({model.name})"
    print(f"MPA chat — {kind}; {len(engine.chunks)} passages from {len(engine.files)} documents.")
    print("Ask a media-planning question. Type 'quit' or press Ctrl-D to leave; "
          "'/good' or '/bad [note]' rates the last answer.\n")
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
        if text.split(" ", 1)[0] in ("/good", "/bad"):
            _feedback(store, bt, last, text)
            continue
        turn = conv.send(text)
        config = {"kb": str(args.kb), "preset": args.preset, "model": getattr(model, "name", ""),
                  "citations": turn.citations,
                  "tool_calls": [{"name": c["name"], "input": c["input"]} for c in turn.tool_calls]}
        last = {"question": text, "turn": turn, "config": config, "span_id": bt.turn(text, turn, config)}
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
    from agent.settings import AgentSettings

    settings = AgentSettings.for_command()
    if settings is None:
        return 2
    ap = argparse.ArgumentParser(prog="python -m agent", description="The media-planning assistant's agent.")
    ap.add_argument("--kb", default=str(settings.kb_dir or _default("kb")),
                    help="knowledge-base directory (default: $MPA_KB_DIR, else kb)")
    ap.add_argument("--index", default=str(settings.index) if settings.index else None,
                    help="index file (default: $MPA_INDEX, else .index/<kb name>-index.json)")
    ap.add_argument("--preset", default="hybrid-weighted", help="retrieval preset (rag.config.PRESETS)")
    ap.add_argument("--model", choices=["offline", "anthropic"], default=None,
                    help="offline baseline or Claude (default: Claude when ANTHROPIC_API_KEY is set)")
    ap.add_argument("--max-tool-rounds", type=int, default=3)
    ap.add_argument("--research", action="store_true", help="also offer the research_topic tool")
    ap.add_argument("--feedback", default=str(settings.feedback_db),
                    help="SQLite file for /good and /bad (default: $MPA_FEEDBACK_DB, else .feedback/feedback.sqlite3)")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("chat", help="interactive terminal chat")
    rs = sub.add_parser("run-scenario", help="play a scenario file and print the transcript")
    rs.add_argument("path")
    rs.add_argument("--json", help="also write the eval output record to this file")
    args = ap.parse_args(argv)
    args.settings = settings
    if not Path(args.kb).is_dir():
        print(f"error: --kb {args.kb}: not a directory (pass --kb DIR or set MPA_KB_DIR)", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    return {"chat": cmd_chat, "run-scenario": cmd_run_scenario}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
