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
    own = [m for _, messages, _ in CARRIED for m in messages] + [
        "CPMs jumped on just one channel, at what point should we start looking into it?",
        "our CPMs leapt on one channel, at what point should I start looking into this?",
        "is it worth it to pay for donation keywords when we already get grant money?",
        "one platform keeps lagging its weekly spend target, at what point should we change something?"]
    for m in own:
        if True:
            assert m.lower() not in seen, m


# ------------------------------------------------------------------ an attribute search that came back empty
def _outcome(query: str, found: bool):
    from agent.offline.toolread import ToolOutcome

    return ToolOutcome("search_knowledge_base", {"query": query}, "", False,
                       [{"id": "x#1", "source": "x", "text": "t"}] if found else [])


@pytest.mark.parametrize("message", ["CPMs jumped on just one channel, at what point should we start looking into it?",
                                     "our CPMs leapt on one channel, at what point should I start looking into this?"])
def test_empty_attribute_search_is_made_again_without_the_question_phrase(monkeypatch, shipped_engine, message):
    """A CPM jump asked "at what point …": the search with "threshold trigger" appended fell below the engine's
    relevance bar while the plain search found passages, and nothing retried it — the answer quoted a budget tier or
    the reallocation rules, never the KB's trigger for a CPM spike."""
    a, = _ask(monkeypatch, shipped_engine, "kb", message)
    assert "step-10-risk-contingency" in a and "RSK-CPM-SPIKE" in a


def test_attribute_retry_rule():
    """The retry replaces the short question phrase by its attribute; none when no search found anything (that is
    searchq.retry's case), when the attribute search found passages, or when the phrase holds what is counted."""
    from agent.offline import attrretry

    text = "our clicks fell off a cliff on one network, at what point do we pause it?"
    plain, expanded = "our clicks fell off a cliff on one network, at what point do we pause it?", \
        "our clicks fell off a cliff on one network, at what point do we pause it? threshold trigger"
    assert attrretry.query(text, [_outcome(plain, True), _outcome(expanded, False)]) == \
        "our clicks fell off a cliff on one network, do we pause it? threshold trigger"
    assert attrretry.query(text, [_outcome(plain, False), _outcome(expanded, False)]) is None
    assert attrretry.query(text, [_outcome(plain, True), _outcome(expanded, True)]) is None
    unknown = _outcome(expanded, False)
    unknown.content = "Words of the query the knowledge base never uses: cliff, threshold, trigger. Say that"
    assert attrretry.query(text, [_outcome(plain, True), unknown]) is None  # the KB has neither word
    long = "how many signups does the new lead form need before we trust it?"
    assert attrretry.query(long, [_outcome(long, True), _outcome(long + " threshold trigger", False)]) is None


def test_attribute_retry_not_made_on_a_kb_without_the_attribute_words(monkeypatch, kb_txt3_engine):
    """kb_txt3 never says "threshold" or "trigger": the appended words are reported unknown and the search keeps its
    passages, so no retry is made and the pacing rule is quoted as before."""
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent

    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests/fixtures/kb_txt3"))
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt3_engine), max_tool_rounds=3)
    rec = conv.send("one platform keeps lagging its weekly spend target, at what point should we change something?")
    assert len([c for c in rec.tool_calls if c.get("name") == "search_knowledge_base"]) == 2
    assert "10% behind" in rec.assistant


# ------------------------------------------------------------------ "paid" read as the verb "pay"
def test_paid_as_a_verb_is_pay_and_as_an_adjective_its_own_word():
    """The stemmer kept "paid" apart from "pay": "is it worth it to pay for …" shared nothing with "… paid $1.60-2.40
    per click". The verb (after its subject, before an amount or "for") is "pay"; the adjective ("paid social") is not
    — read as "pay", the commonest use of "paid" in a media KB made "pay" a word every passage has."""
    from agent.offline.passages import terms

    kb_sentence = (ROOT / "kb" / "glossary.md").read_text().split("A POAS of 1.0 means", 1)[1].split(".")[0]
    assert "pay" in terms(kb_sentence)                              # kb/: "the ads exactly paid for themselves"
    assert terms("what our clinics paid per booking") == terms("what our clinics pay per booking")
    assert terms("retailers paid $2.10 per click") == terms("retailers pay $2.10 per click")
    assert "paid" in terms("a paid social budget") and "pay" not in terms("a paid social budget")


def test_agent_reads_a_price_paid_as_one_to_pay(monkeypatch, kb_txt3_engine):
    """kb_txt3's charities "paid $1.60-2.40 per click" beside their search grant: asked whether to pay for donation
    keywords on top of the grant, the agent quoted the grant's own limits and left the paid campaign's cost and season
    out."""
    a, = _ask(monkeypatch, kb_txt3_engine, "tests/fixtures/kb_txt3",
              "is it worth it to pay for donation keywords when we already get grant money?")
    assert "$1.60-2.40" in a and "November" in a
