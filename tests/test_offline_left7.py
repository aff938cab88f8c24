"""Follow-ups and searches the h_probe7 probe left (h_left7): general rules, each checked in wording of its own on kb/
and on a plain-text KB (kb_txt3 or kb_txt5), failing on the code before it."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mpa.tools import ToolExecutor

ROOT = Path(__file__).resolve().parents[1]
_SEEN = ("datasets/scenarios", "tests/fixtures/paraphrase/scenarios", "tests/fixtures/paraphrase_holdout/scenarios",
         "tests/fixtures/paraphrase_holdout2/scenarios", "tests/fixtures/paraphrase_holdout4/scenarios",
         "tests/fixtures/paraphrase_holdout5/scenarios", "tests/fixtures/paraphrase_holdout6/scenarios",
         "tests/fixtures/paraphrase_holdout7/scenarios")


def _ask(monkeypatch, engine, folder: str, *messages: str) -> list[str]:
    """The agent's answers to ``messages`` in one conversation, serving ``folder``."""
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent

    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / folder))
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3)
    return [conv.send(m).assistant for m in messages]


# ------------------------------------------------------------------ a name carried into a follow-up
CARRIED = [
    ("kb", ("Next quarter we start buying OOH in two cities.", "how often should its creative be refreshed?"),
     "Per flight"),
    ("tests/fixtures/kb_txt3", ("We are weighing a Roku buy for the spring.", "and how little can we put into it per month?"),
     "Roku: $5k-10k"),
    ("tests/fixtures/kb_txt3", ("Our team keeps hearing about Criteo lately.",
                                "so what's the lowest monthly spend we could get away with?"), "Criteo: $2,500"),
]


@pytest.mark.parametrize("folder,messages,row", CARRIED)
def test_follow_up_quotes_the_row_of_the_name_said_before(monkeypatch, request, folder, messages, row):
    """"Next quarter we start buying OOH …" then "how often should its creative be refreshed?": the follow-up names
    nothing, but the list or table row it asks about is the one labelled with the name the turn before gave (the
    agent quoted the table's first rows — paid social, search — and left out the OOH row)."""
    engine = request.getfixturevalue("shipped_engine" if folder == "kb" else "kb_txt3_engine")
    _, answer = _ask(monkeypatch, engine, folder, *messages)
    assert row in answer


def test_carried_names_only_when_the_follow_up_names_none():
    """A follow-up naming a thing of its own ("and on Nextdoor?") asks about that one, not the name said before."""
    from agent.offline.searchq import carried_names

    assert carried_names("how often should its creative be refreshed?", "We start buying OOH soon.") == {"ooh"}
    assert carried_names("and what about Nextdoor?", "We are weighing a Roku buy.") == frozenset()


def test_wording_is_our_own():
    seen = " ".join(json.dumps(json.load(open(p))) for f in _SEEN for p in (ROOT / f).glob("*.json")).lower()
    for _, messages, _ in CARRIED:
        for m in messages:
            assert m.lower() not in seen, m
