"""A concept's KB terms searched alone when the search carrying them found nothing beside a plain search that found
something (agent.offline.glossalone), and a metric reported as moving (agent.offline.changedmetric) — own wording
only: unit checks on hand-made tool outcomes, and two turns on the shipped KB."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, changedmetric, gloss, glossalone
from agent.offline.ownfigure import beside_quote
from agent.offline.toolread import ToolOutcome
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
SKIP = "my business partner thinks we can skip the A/B test on the new banner because we could just roll it back. does that hold up?"
SPIKE = "our CPMs on instagram rose about 40% over the last week. is that a genuine issue or just noise?"
SCENE = "our buyers keep seeing the same ad over and over before they order. what should go in the monthly report?"
MOVED = [("cpms on meta went up about 30% this month, is it time to worry?", "CPM spike"),
         ("our CPC has doubled since march. what now?", "CPC spike"),
         ("our ctr dropped from 1.2% to 0.8%, should we refresh the ads?", ""),  # a fall: no spike, still a move
         ]
SIGN = "we want those huge posters at the bus stops downtown. what should go on them?"
LEVEL = ["what is a normal CPM on meta these days?", "our budget went up 30%, how many customers is that?",
         "is a $12 CPM on meta ok?"]


def _search(query: str, passages: list[dict]) -> ToolOutcome:
    return ToolOutcome("search_knowledge_base", {"query": query}, "results" if passages else "No knowledge-base passage",
                       False, passages)


def _ps(pid: str, source: str) -> dict:
    return {"id": pid, "source": source, "text": "Some text."}


def test_own_wording_is_unseen():
    assert_unseen([SKIP, SPIKE, SCENE, SIGN, *(m for m, _ in MOVED), *LEVEL])


@pytest.mark.parametrize("text,term", MOVED)
def test_a_metric_reported_moving_asks_about_the_move(text, term):
    assert changedmetric.reported(text) and changedmetric.term(text) == term


@pytest.mark.parametrize("text", LEVEL)
def test_a_level_asked_or_another_figure_moving_is_no_reported_move(text):
    assert not changedmetric.reported(text) and changedmetric.term(text) == ""


def test_a_share_is_not_set_beside_a_dollar_range():
    para = "Meta (Facebook, Instagram) CPM: $7–$15."
    assert beside_quote(MOVED[0][0], para) == para  # "30%" is the move, never a "$30" CPM


def test_the_terms_are_searched_alone_only_when_their_search_came_back_empty(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    found = _search("plain", [_ps("a#1", "a.md › Test roadmap")])
    alone = glossalone.query(SKIP, [found, _search("plain when not to test skip formal testing", [])])
    assert alone == "when not to test skip formal testing"
    assert glossalone.query(SKIP, [found, _search(f"plain {alone}", [_ps("b#1", "b.md › X")])]) is None  # it answered
    assert glossalone.query(SKIP, [found, _search(f"plain {alone}", []), _search(alone, [])]) is None  # searched once
    assert glossalone.query(SKIP, [_search("plain", []), _search(f"plain {alone}", [])]) is None  # every one empty
    # a concept named only in the scene the question does not point into is no topic of its own
    assert not glossalone.asked(SCENE) and glossalone.asked(SKIP)


def test_the_section_filed_under_the_term_is_read_alone(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    plain = _search("plain", [_ps("a#1", "a.md › Test roadmap")])
    hit = _search("when not to test skip formal testing", [_ps("t#5", "t.md › Costs › When not to test"),
                                                           _ps("t#6", "t.md › Costs › When not to test › Examples"),
                                                           _ps("t#9", "t.md › Multi-cell tests")])
    kept = glossalone.kept(SKIP, [plain, hit])
    assert [[p["id"] for p in o.passages] for o in kept] == [["t#5", "t#6"]]
    other = _search("when not to test skip formal testing", [_ps("t#9", "t.md › Multi-cell tests")])
    assert glossalone.kept(SKIP, [plain, other]) == [plain, other]  # its first passage is filed elsewhere: unchanged
    # a medium's playbook files every topic under its name: its heading does not say which section answers
    medium = _search(" ".join(gloss.terms(SIGN)), [_ps("o#1", "o.md › Role of OOH in the funnel")])
    assert gloss.terms(SIGN) and glossalone.kept(SIGN, [plain, medium]) == [plain, medium]


def test_on_the_shipped_kb_the_rule_filed_under_the_concept_answers(shipped_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    skip = conv.send(SKIP).assistant
    assert "step-09-testing-design" in skip and "trivially reversible" in skip
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    spike = conv.send(SPIKE).assistant
    assert "RSK-CPM-SPIKE" in spike and "$40" not in spike
