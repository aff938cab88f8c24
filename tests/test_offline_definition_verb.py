"""A definition question asked with a verb ("what does X measure?", "what does X stand for?") is answered by the
sentence that says the term does just that ("X … measures how well …"), before a glossary entry that may open
with the term's formula; a definition line ending in ":" goes on into what it announces (the formula under it).
(agent.offline.definition.) Without such a sentence the glossary's definition answers, as before. Wording of
our own; Markdown and plain-text layouts; end to end on the shipped KB and on the plain-text fixture KB.
"""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, definition
from agent.offline.toolread import ToolOutcome
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

MEASURE = "so what does CPB measure?"
STANDS = "so what does CPB stand for?"
GLOSSARY_MD = "### CPB (cost per booking)\n\n(Spend ÷ confirmed bookings) × 1. Lower is cheaper.\n"
GLOSSARY_TXT = "CPB - Cost per booking. Spend divided by confirmed bookings.\n"
SAYS = ("## Booking metrics\n\n- CPB measures what each confirmed booking costs the advertiser:\n\n"
        "      CPB = spend ÷ confirmed bookings\n\n- Show rate is the share of bookings that turn up.\n")
E2E = [("shipped_engine", "so what does CDI measure?", "[step-04-geography#", "measures the same thing", "CDI ="),
       ("kb_txt_engine", "so what does CPM measure?", "[glossary_and_methodology#", "Cost per thousand", "")]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(MEASURE, STANDS, [q for _, q, *_ in E2E])


def _search(*texts: str) -> list[ToolOutcome]:
    return [ToolOutcome("search_knowledge_base", {"query": "q"}, "", False,
                        [{"id": f"d#{i}", "source": "d.md", "text": t} for i, t in enumerate(texts)])]


def test_the_verb_a_definition_question_asks_with():
    assert definition._asked_verb(MEASURE) == "measure" and definition._asked_verb(STANDS) == "stand for"
    assert definition._asked_verb("ok, what does the term CPB mean?") == "mean"
    assert definition._asked_verb("what's a CPB?") == ""


@pytest.mark.parametrize("glossary", [GLOSSARY_MD, GLOSSARY_TXT], ids=["markdown-heading", "plain-text-line"])
def test_the_sentence_saying_what_it_measures_answers_what_it_measures(glossary):
    got = definition.read(MEASURE, _search(glossary, SAYS), 2)
    assert got and got.startswith("Based on Knowledge Base [d#1]: CPB measures what each confirmed booking costs"), got
    assert "CPB = spend ÷ confirmed bookings" in got, got  # the lead's ":" goes on into the formula it announces
    assert "Show rate" not in got, got


@pytest.mark.parametrize("glossary", [GLOSSARY_MD, GLOSSARY_TXT], ids=["markdown-heading", "plain-text-line"])
def test_another_verb_still_reads_the_glossary(glossary):
    got = definition.read(STANDS, _search(glossary, SAYS), 2)
    assert got and "[d#0]" in got and "ost per booking" in got, got


@pytest.mark.parametrize("kb,ask,cited,says,formula", E2E)
def test_end_to_end(kb, ask, cited, says, formula, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    got = conv.send(ask).assistant
    assert cited in got and says in got and formula in got, got
