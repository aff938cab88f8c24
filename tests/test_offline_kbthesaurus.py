"""The KB's own explanations of its terms as a thesaurus from everyday words (agent.offline.kbthesaurus): on kb/,
on the plain-text kb_txt2 and on small KBs written here — own wording only."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, kbthesaurus
from agent.offline.searchq import clean, form
from agent.prompts import system_prompt
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
SUPPRESS = "How do I avoid paying to show ads to people who already buy from us?"
CREDIT = "How long after someone clicks should we still give the ad credit for their purchase?"
BOOKED = "what do we usually pay for each phone call that ends with an appointment on the calendar?"


def _ask(engine, q: str):
    turn = ConversationEngine(OfflineAgent(), ToolExecutor(engine), system_prompt()).send(q)
    calls = [c if isinstance(c, dict) else vars(c) for c in turn.tool_calls]
    return turn, [c["input"].get("query", "") for c in calls if c.get("name") == "search_knowledge_base"]


def test_a_heading_names_a_term_unless_it_asks_argues_or_shows_a_case():
    assert kbthesaurus.names_a_term("Suppression from acquisition")
    assert kbthesaurus.names_a_term("The AUD-PRD-60 deflator")  # a code is the KB's name, not a case's
    assert not kbthesaurus.names_a_term("Why healthcare has no ROAS row")
    assert not kbthesaurus.names_a_term("How the budget follows from earlier steps")
    assert not kbthesaurus.names_a_term("Worked example: a pulsing calendar")
    assert not kbthesaurus.names_a_term("The Acme funnel and its codes")  # a particular case's name
    assert kbthesaurus.names_a_term("Concentration And Scaling Rules")  # title case names no case


def test_the_stem_index_finds_what_matching_every_explanation_finds():
    """``_best`` weighs only the explanations its stem index says share enough stems with the question; weighing
    every explanation of the KB (the plain reading) must pick the same one — on kb/ and the plain-text kb_txt2, for
    questions made of each explanation's own stems (so most meet one, some several) and for everyday ones."""
    from agent.offline.passages import terms

    def every_explanation(question: str, kb: str):
        found, rarity, named, headed = kbthesaurus.entries(kb)
        asked = set(terms(question))
        best, score = None, 0.0
        for e in found:
            shared = asked & e.stems - named
            if len(shared) >= max(kbthesaurus.MIN_SHARED, kbthesaurus.SHARE * len(asked)) and shared - headed \
                    and not asked >= set(terms(e.term)):
                s = sum(rarity.get(t, 1.0) for t in shared)
                if s > score:
                    best, score = e, s
        return best

    for kb in (ROOT / "kb", ROOT / "tests" / "fixtures" / "kb_txt2"):
        found = kbthesaurus.entries(str(kb))[0]
        questions = [SUPPRESS, CREDIT, BOOKED] + [f"how do we handle {' '.join(sorted(e.stems)[:k])}?"
                                                  for e in found[::max(1, len(found) // 40)] for k in (3, 6)]
        picked = [kbthesaurus._best.__wrapped__(q, str(kb)) for q in questions]
        assert picked == [every_explanation(q, str(kb)) for q in questions], kb
        assert sum(p is not None for p in picked) > len(questions) // 4  # most questions meet an explanation


def test_everyday_words_meet_the_kbs_explanation_on_kb(monkeypatch):
    assert_unseen([SUPPRESS, CREDIT])
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    assert kbthesaurus.term_for(clean(SUPPRESS)) == "Suppression from acquisition"
    found, _, named, headed = kbthesaurus.entries(str(ROOT / "kb"))
    # the words it shares with "Conversion windows" ("click", "credit", "ad", "long") all name sections of kb/
    # already: a search reaches sections by them, so no term is lent
    assert kbthesaurus.term_for(clean(CREDIT)) is None and {"click", "credit"} <= headed
    assert not [e for e in found if e.term.startswith("Related documents")]  # a list of other files explains nothing
    # a one-word term's own name ("Reach") leads to its own section, not to another explanation that uses it
    real = "How many of the people the platform says we can reach are actually real people?"
    assert_unseen(real)
    assert "reach" in named and kbthesaurus.term_for(clean(real)) is None
    assert form(SUPPRESS).queries[-1].endswith("Suppression from acquisition")  # searched after the turn's own


def test_no_term_for_a_figure_a_statement_or_a_follow_up(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    with_figure = "How do I avoid paying $4 to show ads to people who already buy from us?"
    statement = "We keep paying to show ads to people who already buy from us."
    assert_unseen([with_figure, statement])
    assert kbthesaurus.term_for(clean(with_figure)) is None  # a calculation's words are the KB's already
    assert kbthesaurus.term_for(clean(statement)) is None  # asks nothing
    prev = ("what's a good frequency cap for video?", "Based on Knowledge Base [channel-ctv#3]: Three a week.", [])
    follow = "and how do we avoid paying to show those ads to people who already buy?"
    assert_unseen(follow)
    assert not any(q.endswith("Suppression from acquisition") for q in form(follow, prev).queries)


def test_the_agent_answers_from_the_section_the_term_names_on_kb(shipped_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    turn, queries = _ask(shipped_engine, SUPPRESS)
    assert any(q.endswith("Suppression from acquisition") for q in queries)
    assert "[first-party-data#" in turn.assistant and "Excluding current customers" in turn.assistant


def test_a_termed_search_keeps_only_the_section_explaining_the_term(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    from agent.offline.toolread import ToolOutcome, merge_passages
    termed = kbthesaurus.query(clean(SUPPRESS))
    own = {"id": "a#1", "source": "step-03-audience-definition.md › Inclusion and exclusion rules › Inclusion logic"}
    right = {"id": "b#9", "source": "first-party-data.md › Retention, suppression, and exclusion audiences › "
                                   "Suppression from acquisition"}
    other = {"id": "c#2", "source": "channel-social.md › Prospecting versus retargeting"}
    outcomes = [ToolOutcome("search_knowledge_base", {"query": clean(SUPPRESS)}, "", False, passages=[own]),
                ToolOutcome("search_knowledge_base", {"query": termed}, "", False, passages=[other, right])]
    assert [p["id"] for p in merge_passages(outcomes)] == ["a#1", "b#9"]


def test_a_termed_search_is_narrowed_whatever_other_cases_searched_meanwhile(monkeypatch):
    """The narrowing is read from the search itself: it once came from a record of the searches formed so far,
    shared by every case of the process and emptied when full — an earlier turn's search then lost its narrowing
    when other cases (threads) had formed many searches meanwhile. Here the search was formed in another process
    state (none recorded), and a search the module never forms is not narrowed."""
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    termed = kbthesaurus.query(clean(SUPPRESS))
    for name in ("_FORMED",):  # the old record, if any: as another thread's emptying would leave it
        if hasattr(kbthesaurus, name):
            getattr(kbthesaurus, name).clear()
    right = {"id": "b#9", "source": "first-party-data.md › Retention, suppression, and exclusion audiences › "
                                   "Suppression from acquisition"}
    other = {"id": "c#2", "source": "channel-social.md › Prospecting versus retargeting"}
    assert kbthesaurus.narrowed(termed, [other, right]) == [right]
    assert kbthesaurus.narrowed(f"{clean(CREDIT)} Suppression from acquisition", [other, right]) == [other, right]
    assert kbthesaurus.narrowed(clean(SUPPRESS), [other, right]) == [other, right]


def test_glossary_lines_and_framed_sections_of_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    assert_unseen(BOOKED)
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt2"))
    found = {e.term for e in kbthesaurus.entries(str(ROOT / "tests" / "fixtures" / "kb_txt2"))[0]}
    assert {"Cost per booked call", "Allowable cost per lead", "CPL", "Concentration And Scaling Rules"} <= found
    assert not found & {"META", "BY DMA", "STEP 1"}  # declared fields, a list's heading, a framed heading's label
    assert kbthesaurus.term_for(clean(BOOKED)) == "Cost per booked call"
    turn, queries = _ask(kb_txt2_engine, BOOKED)
    assert any(q.endswith("Cost per booked call") for q in queries)
    assert "[local_services_search_costs#" in turn.assistant


GLOSSARY_KB = """GROWTH HANDBOOK - VERSION 1.0
META - Document: How a small studio plans its spend
--------------------------------------------------------------------------------
SECTION 1 - TERMS
--------------------------------------------------------------------------------
Payback period - The number of months a new customer's margin takes to repay what was spent to acquire them.
Keep it under nine months for anything sold by subscription.
Share of wallet - The part of a client's total spend on a category that goes to us.
--------------------------------------------------------------------------------
SECTION 2 - PRICING PAGES
--------------------------------------------------------------------------------
Put the yearly plan first and show the monthly price beside it. Test one change at a time.
"""


def test_a_kb_written_here_lends_its_own_term_to_everyday_words(tmp_path, monkeypatch):
    from mpa.engine import build_engine
    (tmp_path / "handbook.txt").write_text(GLOSSARY_KB)
    monkeypatch.setenv("MPA_KB_DIR", str(tmp_path))
    q = "how many months before a new customer repays what we spent to win them?"
    assert_unseen(q)
    assert kbthesaurus.term_for(clean(q)) == "Payback period"
    turn, queries = _ask(build_engine(tmp_path, index_path=tmp_path / "ix.json"), q)
    assert queries[-1].endswith("Payback period") and "nine months" in turn.assistant


def test_a_kb_that_explains_nothing_lends_nothing(tmp_path, monkeypatch):
    (tmp_path / "prices.md").write_text("# Prices\n\n| Item | Price |\n|---|---|\n| Banner | $40 |\n| Video | $90 |\n")
    monkeypatch.setenv("MPA_KB_DIR", str(tmp_path))
    assert kbthesaurus.term_for(clean(SUPPRESS)) is None
    assert form(SUPPRESS).queries == [clean(SUPPRESS)]


@pytest.mark.parametrize("question", ["what is the weather going to be like in Lisbon this weekend?",
                                      "how do I fix a dripping kitchen tap before the plumber comes?"])
def test_off_topic_questions_meet_no_explanation(question, monkeypatch):
    assert_unseen(question)
    for kb in ("kb", "tests/fixtures/kb_txt2"):
        monkeypatch.setenv("MPA_KB_DIR", str(ROOT / kb))
        assert kbthesaurus.term_for(clean(question)) is None
