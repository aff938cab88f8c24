"""One offline-agent conversation on an engine, turn by turn: each answer with the inputs of its tool calls.

Why: the own-wording follow-up tests read both what was looked up and what was said, turn after turn; one
helper keeps them reading it the same way."""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
# the KBs the typing-habit tests read on, by folder name: (their session engine fixture, the folder)
KBS = {"kb": ("shipped_engine", ROOT / "kb"), "kb_txt2": ("kb_txt2_engine", ROOT / "tests" / "fixtures" / "kb_txt2")}


def offline_conversation(engine) -> ConversationEngine:
    """The offline agent in conversation over ``engine``'s tools, three tool rounds a turn."""
    return ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3)


def answer_to(engine, *messages: str) -> str:
    """The offline agent's last answer to ``messages``, said in one conversation on ``engine``."""
    conv = offline_conversation(engine)
    return [conv.send(m) for m in messages][-1].assistant


def turns(engine, messages: list[str]) -> list[tuple[str, list[dict]]]:
    """(answer, [tool input, …]) for each message of one conversation on ``engine``."""
    conv = offline_conversation(engine)
    out = []
    for m in messages:
        t = conv.send(m)
        out.append((t.assistant, [c.get("input") if isinstance(c, dict) else c.input for c in t.tool_calls]))
    return out


def assert_read_alike(engine, typed: list[str], clean: list[str]) -> None:
    """The conversation typed one way asks the tools what the clean one asks, and is answered alike (the
    typing habits tests: slips, short forms, filler)."""
    got, want = turns(engine, typed), turns(engine, clean)
    assert [c for _, c in got] == [c for _, c in want] and all(c for _, c in got)
    assert [a for a, _ in got] == [a for a, _ in want]


def assert_read_alike_on(request, monkeypatch, kb: str, typed: list[str], clean: list[str]) -> None:
    """``assert_read_alike`` on the KB ``kb`` ("kb" or "kb_txt2"): its session engine, with its folder served to the
    agent's whole-KB readers (as the evals serve the KB the engine indexes); both wordings checked unseen first."""
    assert_unseen(typed, clean)
    engine, folder = KBS[kb]
    monkeypatch.setenv("MPA_KB_DIR", str(folder))
    assert_read_alike(request.getfixturevalue(engine), typed, clean)


def on_engines(**cases: list[tuple]) -> list[tuple]:
    """(engine fixture, messages, working shown) for each case of each engine: ``on_engines(shipped_engine=[…])`` —
    the arithmetic tests' cases, each on the KBs that hold what it needs."""
    return [(engine, texts, shown) for engine, pairs in cases.items() for texts, shown in pairs]


def assert_worked(engine, texts: list[str], shown: list[str]) -> None:
    """The last answer to ``texts`` on ``engine`` shows every piece of working in ``shown`` (asked once)."""
    out = answer_to(engine, *texts)
    assert all(s in out for s in shown), out


def answer_on(engine, messages: list[str], monkeypatch, folder: str | None = None) -> str:
    """The last answer of one conversation on ``engine``, with the agent's whole-KB readers serving ``folder``
    (a plain-text fixture KB's tests/fixtures path) when given — as the evals serve the KB the engine indexes."""
    if folder:
        monkeypatch.setenv("MPA_KB_DIR", folder)
    return turns(engine, messages)[-1][0]


def assert_answered_on(request, monkeypatch, kb: str, folder: str | None, messages: list[str], shown, absent) -> None:
    """The last answer of ``messages`` on the engine fixture ``kb`` (serving ``folder``) holds each of ``shown`` and none
    of ``absent`` (a string or a list of them)."""
    out = answer_on(request.getfixturevalue(kb), messages, monkeypatch, folder)
    shown, absent = [shown] if isinstance(shown, str) else shown, [absent] if isinstance(absent, str) else absent
    assert all(s in out for s in shown) and not any(a in out for a in absent), out


@contextmanager
def declaring(own: str):
    """The agent reading a get_benchmark definition that declares the KB's own metrics ``own`` ("LVR (lead velocity
    ratio); cost per booking"), for the block — as it reads the definition a KB's engine writes; none after."""
    from agent.offline import kbmetrics

    kbmetrics.declare([{"name": "get_benchmark", "input_schema": {"properties": {"metric": {
        "description": f"Metric, e.g. CPC. This knowledge base also states its own: {own}."}}}}])
    try:
        yield
    finally:
        kbmetrics.declare([])
