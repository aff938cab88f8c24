"""The words the offline agent's searches keep, so a chatty message still clears the search tool's
relevance floor (agent.offline.searchq): a figure compound the KB writes joined ("28-day", "70/20/10")
stays one word (split, it matched the KB's "28" and "day" apart and covered less of the passage that
states the rule); and a count the user reports whose story kept every search below the floor is searched
for the KB's rule once more by the words it hangs on ("reach"). Every question is our own wording; questions the KB does not cover stay declined, on the
shipped KB and on the plain-text fixture KB."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, searchq
from agent.offline.reportedcount import figure_words
from agent.offline.toolread import ToolOutcome
from mpa.tools import ToolExecutor
from scorers import abstention

ROOT = Path(__file__).resolve().parents[1]
TXT = "kb_txt_engine"
KB = "shipped_engine"
ALT = "kb_alt_engine"
_FOLDER = {TXT: "tests/fixtures/kb_txt", KB: "kb", ALT: "tests/fixtures/kb_alt"}


def test_figure_compounds_stay_joined():
    said = searchq.clean("honestly, is a 28-day or a 1-day window better, and does a 70/20/10 split need 3-4 weeks?")
    for word in ("28-day", "1-day", "70/20/10", "3-4"):
        assert word in said.split() or f"{word}," in said.split() or f"{word}?" in said.split(), said
    assert "honestly" not in said  # fillers still go


def test_a_rate_per_period_is_not_one_word():
    """"$40k/mo" is an amount and a period: joined, it matched neither the KB's "month" nor anything else."""
    said = searchq.clean("we'd put $40k/mo on streaming TV, or 50k/month later")
    assert "month" in said.split() and "$40k/month" not in said and "50k/month" not in said


def _declined_search(never: str) -> ToolOutcome:
    return ToolOutcome("search_knowledge_base", {"query": "q"},
                       "search_knowledge_base results for \"q\"\nNo knowledge-base passage answers this query: the "
                       "closest passage matches only 20.0% of its (idf-weighted) terms, below the 30% relevance "
                       f"threshold. Words of the query the knowledge base never uses: {never}. Say that ...", False)


def test_unknown_compound_is_not_split_into_known_words():
    """An unknown compound ("four-day") searched as its parts ("four day") would meet the KB's ordinary words and
    lift an off-topic question over the floor: it is dropped like any unknown word."""
    out = searchq.without_unknown("is a four-day work week good for morale?", [_declined_search("four-day, morale")])
    assert "four" not in out and "morale" not in out


def test_unknown_plain_word_is_still_dropped():
    out = searchq.without_unknown("before I freak out, what is a pacing band?", [_declined_search("freak")])
    assert "freak" not in out and "pacing band" in out


@pytest.mark.parametrize("kb, question, compound", [
    (KB, "the platform dashboard brags about sales counted over a 28-day window — what if we only look at 1-day?",
     "28-day"),
    (TXT, "honestly, which census 5-year estimates do the DMA population figures lean on?", "5-year"),
])
def test_kept_compound_finds_the_passage_that_writes_it(kb, question, compound, request):
    engine = request.getfixturevalue(kb)
    query = searchq.form(question).queries[-1]
    assert compound in query
    results = engine.search(query, top_k=8)
    assert results and compound in results[0].chunk.text
    split = engine.search(query.replace(compound, compound.replace("-", " ")), top_k=8)
    assert not split or results[0].breakdown["coverage"] >= split[0].breakdown["coverage"]


def _run(engine, kb: str, question: str, monkeypatch, must_abstain: bool = False) -> tuple[str, float]:
    """The agent's answer and its abstention score (the scorer reading the figures of the KB asked)."""
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / _FOLDER[kb]))
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3)
    rec = conv.send(question)
    score = abstention(input={"turns": [{"user": question}]}, output=conv.output(),
                       expected={"turns": [{"must_abstain": must_abstain}]}).score
    return rec.assistant, score


@pytest.mark.parametrize("kb, question", [
    (KB, "our ad platform credits far more sales to a 28-day click window than to a 7-day one; the short window "
         "nearly halves them. what should we make of that?"),
])
def test_window_compound_answered_with_a_citation(kb, question, request, monkeypatch):
    said, score = _run(request.getfixturevalue(kb), kb, question, monkeypatch)
    assert "[measurement-attribution#" in said and score == 1.0, said


@pytest.mark.parametrize("kb, question", [
    (KB, "What's the 10-day weather outlook for our 3-day street festival?"),
    (KB, "a bookie swears his odds-on favourite wins the 5-set final. how much should I stake?"),
    (TXT, "Who won the 5-set tennis final last night?"),
    (TXT, "my teen-gamer nephew wants a 2-in-1 laptop. which one should I buy him?"),
    (KB, "is a four-day work week good for staff morale?"),
])
def test_uncovered_questions_with_compounds_stay_declined(kb, question, request, monkeypatch):
    said, score = _run(request.getfixturevalue(kb), kb, question, monkeypatch, must_abstain=True)
    assert score == 1.0 and "Based on Knowledge Base [" not in said, said


# --- a reported count whose story kept every search below the floor: the rule searched by the words the count hangs on

@pytest.mark.parametrize("message, words", [
    ("some mobile ad outfit boasts it can reach 7 million of those teenage console fanatics. how many actual people?",
     "reach"),
    ("the targeting tool tells me 300k nurses live there, how many really?", "reported nurses"),
    ("Meta shows 2.3M accounts for this, how many real people?", "reported accounts"),
    ("how many actual people is that?", ""),
    ("our list is 90k emails and about 70% match on the platform. how many real people?", ""),  # the user's own share
])
def test_figure_words(message, words):
    assert figure_words(message) == words


def _empty(query: str) -> ToolOutcome:
    return ToolOutcome("search_knowledge_base", {"query": query}, "No knowledge-base passage answers this query.", False)


def test_rule_retried_with_the_words_of_the_count_only_after_a_rule_search():
    msg = "a streaming seller brags it can reach 3 million of those retirees in Maine. how many actual people really?"
    assert searchq.retry(msg, [_empty("a streaming seller brags"), _empty(f"x{searchq.RULE_Q}")]) == f"reach{searchq.RULE_Q}"
    assert searchq.retry(msg, [_empty("a streaming seller brags")]) != f"reach{searchq.RULE_Q}"  # no rule was asked for


BOAST = ("some mobile ad outfit boasts it can reach 7 million of those teenage console fanatics in Texas. how many actual "
         "people would that really be?")


@pytest.mark.parametrize("question, result", [
    (BOAST, "4,200,000"),  # every search of the story fell below the floor: the rule searched again by "reach"
    # the story's search found other passages: the rule is searched by "reach" from the start
    ("our streaming partner can reach 3 million of the commuters we want. how many actual people is that likely "
     "to be?", "1,800,000"),
])
def test_reported_reach_deflated_by_the_kb_rule(question, result, shipped_engine, monkeypatch):
    said, score = _run(shipped_engine, KB, question, monkeypatch)
    assert "[audience-sizing-methods#" in said and "0.60" in said and result in said and score == 1.0, said


@pytest.mark.parametrize("kb, question", [
    (TXT, BOAST),  # kb_txt and kb_alt state no rule for a reported reach: nothing is multiplied
    (ALT, BOAST),
    (KB, "my neighbour boasts his farm can feed 3 million chickens. how many actual birds would that really be?"),
    (TXT, "my neighbour boasts his farm can feed 3 million chickens. how many actual birds would that really be?"),
])
def test_count_without_a_kb_rule_is_not_multiplied(kb, question, request, monkeypatch):
    said, _ = _run(request.getfixturevalue(kb), kb, question, monkeypatch, must_abstain=True)
    assert " × " not in said and "Based on Knowledge Base [" not in said, said
