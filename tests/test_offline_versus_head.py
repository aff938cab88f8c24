"""A question asking how two named things differ is answered from the section the KB heads "A versus B"
(:mod:`agent.offline.versushead`), searched for by that heading's form when the turn's searches did not return it;
a heading naming only one of the two, or a question comparing nothing, is left to the reader. Wording of our own,
on kb/ and on plain-text passages (a plain-text KB's section heading is its passage's source)."""
from __future__ import annotations

from agent.offline.toolread import ToolOutcome
from agent.offline.versushead import query, read, sets_apart, sides
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

ASKED = ["whats the difference between blended and paid cac? which should the board see",
         "host read vs programmatic podcast ads, which suits a tiny brand?"]


def test_wording_is_our_own():
    assert_unseen(ASKED)


def test_the_heading_sets_the_two_apart():
    pair = sides(ASKED[0])
    assert pair == ({"blend"}, "paid") and sets_apart("Blended CAC versus paid CAC", pair)
    assert not sets_apart("Blended CAC", pair) and not sets_apart("CAC versus CPA", pair)
    assert sides("what cpa should we expect?") is None


def test_the_comparison_section_answers_on_kb(shipped_engine):
    for q, said in zip(ASKED, (("blended cac", "paid cac"), ("host-read", "programmatic"))):
        (text, _), = turns(shipped_engine, [q])
        assert text.startswith("Based on Knowledge Base [") and all(w in text.lower() for w in said), text


PLAIN = {"id": "guide#2", "source": "guide.txt › Section 3 - Renting Versus Buying Lists",
         "text": "A rented list is mailed by its owner and never seen. A bought list is yours to mail again."}


def test_a_plain_text_section_heading(monkeypatch):
    q = "what's the difference between renting and buying lists?"
    found = [ToolOutcome("search_knowledge_base", {"query": q}, "", False, [PLAIN])]
    assert read(q, found, "", 3) == f"Based on Knowledge Base [guide#2]: {PLAIN['text']}"
    assert query(q, found) is None  # held already: no further search
    other = [ToolOutcome("search_knowledge_base", {"query": q}, "", False, [{**PLAIN, "source": "guide.txt › Lists"}])]
    assert read(q, other, "", 3) is None and query(q, other) == "renting versus buying"


def test_side_by_side_asks_no_difference():
    q = "is pinterest worth it vs tiktok for a candle shop?"
    found = [ToolOutcome("search_knowledge_base", {"query": q}, "", False, [{**PLAIN, "source": "guide.txt › Lists"}])]
    assert query(q, found) is None
