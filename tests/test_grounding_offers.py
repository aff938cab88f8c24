"""A sentence that only asks the user for input ("… depends on your vertical: tell me your vertical and I can narrow
it") states nothing about the knowledge base, so grounding does not count it as a claim (scorers.text.asks_input);
a claim phrased around such an offer — an invented figure, or any other statement — is still scored and caught.
Wording of our own."""
from __future__ import annotations

from pathlib import Path

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from mpa.tools import ToolExecutor
from scorers import grounding
from scorers.text import asks_input

ROOT = Path(__file__).resolve().parents[1]
KB_TABLE = (ROOT / "kb" / "benchmarks-ecommerce.md").read_text()
HONEST = "Based on Knowledge Base [e#0], the Typical ecommerce CPM range is $8–$14."
OFFER = "The range turns on your market: let us know which market you buy and we can narrow it to one figure."


def _grounding(answer: str, evidence: str = KB_TABLE, question: str = "what does a thousand impressions cost online?"):
    out = {"response": answer, "retrieved": [{"id": "e#0", "source": "benchmarks-ecommerce.md", "text": evidence}]}
    return grounding(input=question, output=out, expected={}, metadata={})


def test_an_offer_is_no_claim():
    assert asks_input(OFFER.replace("turns on", "depends on"))
    r = _grounding(f"{HONEST} {OFFER.replace('turns on', 'depends on')}")
    assert (r.score, r.metadata["claims"]) == (1.0, 1), r.metadata


def test_an_invented_figure_phrased_around_an_offer_is_caught():
    """The mutant: a figure nothing retrieved states, said in the offer's own sentence."""
    r = _grounding(f"{HONEST} Most online stores pay $61.40 per thousand: let us know which market you buy and we can "
                   "narrow it to one figure.")
    assert r.score < 1.0 and r.metadata["claims"] == 2, r.metadata
    assert any("$61.40" in str(u) for u in r.metadata["unsupported"]), r.metadata


def test_a_statement_phrased_around_an_offer_is_still_a_claim():
    claim = "Every marketplace charges the same for a thousand views: let us know your market and we can narrow it."
    assert not asks_input(claim)
    r = _grounding(f"{HONEST} {claim}")
    assert r.score < 1.0 and r.metadata["claims"] == 2, r.metadata


def test_a_hedge_asks_for_nothing_and_stays_a_claim():
    hedge = "Prices depend on your business, your season and your creative."
    assert not asks_input("It depends on your business.") and not asks_input(hedge)
    assert _grounding(f"{hedge} Based on Knowledge Base [e#0]").metadata["claims"] == 1


def test_the_agents_offer_beside_a_platform_list_is_no_claim_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt2"))
    q = "ballpark, what do a thousand Snapchat impressions go for?"
    turn = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt2_engine), max_tool_rounds=3).send(q)
    offer = next(s for s in turn.assistant.split(". ") if "tell me your" in s)
    assert asks_input(offer), turn.assistant
    calls = [c if isinstance(c, dict) else vars(c) for c in turn.tool_calls]
    out = {"response": turn.assistant, "tool_calls": [{"name": c["name"], "input": c.get("input"),
                                                       "content": c.get("content", "")} for c in calls]}
    r = grounding(input=q, output=out, expected={}, metadata={})
    assert r.metadata["claims"] == turn.assistant.count("Based on Knowledge Base"), (turn.assistant, r.metadata)
