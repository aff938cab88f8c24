"""Two documents the reader's ranking cannot tell apart are both quoted, each under its own citation
(agent.offline.tossup), on wording of our own (checked unseen).

A rule or how-to question whose best section has a runner-up from another document within the toss-up margin, near
the question in meaning, gets a short second quote; a number look-up, a calculation, a statement, a runner-up of the
same document, one far behind or one far in meaning does not.
"""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, sectionmeaning, tossup
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

RULE_ASKS = ["how long does a regional holdout experiment need to stay live?", "can we skip the brand terms in search?",
             "why would the pilot market get a different read than the national one?"]
NOT_RULE_ASKS = ["how much does a radio spot cost in a small market?", "what rate of returns is normal for shoes?",
                 "how do I work out the combined reach of two lists?", "the brand's share of search spend"]
# (engine, question, the first source's citation, the second source's citation, what the second source says)
BOTH = [("shipped_engine", "can our single largest metro be the treatment market in a geo test?",
         "step-09-testing-design#", "step-04-geography#", "Avoid using the largest markets as tests"),
        ("kb_txt3_engine", "how should we pace spend across the month?",
         "launch_roadmap_stages#", "spend_and_pacing_rules#", "no more than 55% of the monthly budget is spent by the 15th")]
# scores tie with a section of another document that is far from the question in meaning: one source
ONE = [("kb_txt3_engine", "what should we check before the campaigns go live?", "launch_roadmap_stages#")]
_CITED = re.compile(r"Based on Knowledge Base \[([^\]]+)\]")


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(RULE_ASKS, NOT_RULE_ASKS, [b[1] for b in BOTH], [o[1] for o in ONE])


@pytest.mark.parametrize("ask,how_or_why", [(a, True) for a in RULE_ASKS] + [(a, False) for a in NOT_RULE_ASKS])
def test_a_rule_or_how_to_question_may_take_two_sources_a_number_calculation_or_statement_one(ask, how_or_why):
    assert bool(tossup.asks_how_or_why(ask)) is how_or_why


def _unit(overview: bool = False) -> SimpleNamespace:
    return SimpleNamespace(overview=overview, text="A sentence of the section.")


SECTIONS = {(0, "a"): [_unit()], (1, "b"): [_unit()], (2, "c"): [_unit()], (3, "intro"): [_unit(overview=True)]}
DOCS = {(0, "a"): "one.md", (1, "b"): "one.md", (2, "c"): "two.md", (3, "intro"): "three.md"}


@pytest.fixture
def near(monkeypatch):
    """The encoder replaced by a fixed similarity: the rule's margins, not the model, are under test here."""
    sim = {"value": 0.6}
    monkeypatch.setattr(sectionmeaning, "similarity", lambda question, section: sim["value"])
    return sim


def test_the_runner_up_of_another_document_within_the_margin(near):
    ranked = [(0, "a"), (1, "b"), (2, "c")]
    by = {(0, "a"): 10.0, (1, "b"): 9.8, (2, "c"): 9.3}
    ask = "how do we keep a pilot market clean?"
    assert tossup.runner_up(ask, SECTIONS, ranked, by, (0, "a"), DOCS.get) == (2, "c")  # (1, "b") is the same document
    assert tossup.runner_up(ask, SECTIONS, ranked, {**by, (2, "c"): 8.5}, (0, "a"), DOCS.get) is None  # a clear winner
    assert tossup.runner_up(ask, SECTIONS, ranked, by, (1, "b"), DOCS.get) is None  # the reader chose past its ranking
    assert tossup.runner_up("how much is a pilot market?", SECTIONS, ranked, by, (0, "a"), DOCS.get) is None
    near["value"] = sectionmeaning.NEAREST - 0.05
    assert tossup.runner_up(ask, SECTIONS, ranked, by, (0, "a"), DOCS.get) is None  # tied on words, far in meaning


def test_a_documents_introduction_is_no_second_source(near):
    ranked = [(0, "a"), (3, "intro")]
    assert tossup.runner_up("why keep a pilot market clean?", SECTIONS, ranked, {(0, "a"): 5.0, (3, "intro"): 5.0},
                            (0, "a"), DOCS.get) is None


def test_the_second_quote_is_short_and_speaks_to_the_question():
    units = [SimpleNamespace(text=" ".join(["word"] * 25)) for _ in range(3)]
    asks = {id(u): 1.0 for u in units}
    assert len(tossup.trimmed(units, asks)) == tossup.SENTENCES
    assert tossup.trimmed(units, {id(u): 0.0 for u in units}) == []  # none of its sentences holds the question's words
    long = [SimpleNamespace(text=" ".join(["word"] * 50)) for _ in range(2)]
    assert len(tossup.trimmed(long, {id(u): 1.0 for u in long})) == 1  # WORDS


@pytest.mark.parametrize("kb,ask,first,second,said", BOTH)
def test_end_to_end_both_sources_are_quoted_each_cited(kb, ask, first, second, said, request, meaning):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    got = conv.send(ask).assistant
    cited = _CITED.findall(got)
    assert [c.split("#")[0] for c in cited[:2]] == [first[:-1], second[:-1]], got
    assert said in got.split(f"[{cited[1]}]")[1], got  # the second source's sentence under its own citation


@pytest.mark.parametrize("kb,ask,first", ONE)
def test_end_to_end_a_tie_far_in_meaning_keeps_one_source(kb, ask, first, request, meaning):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    got = conv.send(ask).assistant
    assert [c.split("#")[0] for c in _CITED.findall(got)] == [first[:-1]], got
