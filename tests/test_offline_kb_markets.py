"""A KB's own markets (the places its facts are stated for) typed in lower case, and a follow-up that swaps only
the market of a look-up by market (agent.offline.kbmarkets, agent.offline.marketswap): on the plain-text kb_txt2
and kb_txt3 (lists by DMA / by province) and on kb/ (whose places the vocabulary reads already) — own wording only."""
from __future__ import annotations

from pathlib import Path

from agent.offline import kbmarkets, marketswap
from agent.offline.toolread import ToolOutcome
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
KB, TXT2, TXT3 = (str(ROOT / p) for p in ("kb", "tests/fixtures/kb_txt2", "tests/fixtures/kb_txt3"))

TV = ["what do streaming tv impressions go for in pittsburgh, per thousand?", "what about boise"]
CLICKS = ["roughly what does a google click cost in alberta", "ok, and nova scotia?"]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(TV, CLICKS)


def test_a_kbs_own_market_typed_in_lower_case_is_read_as_the_kb_writes_it():
    assert kbmarkets.mark("cpm in st louis or orlando?", TXT2) == "cpm in St Louis or Orlando?"
    assert kbmarkets.mark("cpc for british columbia", TXT3) == "cpc for British Columbia"
    assert kbmarkets.mark("cpm in Pittsburgh vs pittsBurgh", TXT2) == "cpm in Pittsburgh vs pittsBurgh"  # the user's capitals
    # a name whose every word the KB also writes as a plain word stays as typed ("a national buy")
    assert "National Buy" not in kbmarkets.names(TXT2) and "Boise" in kbmarkets.names(TXT2)
    assert kbmarkets.mark("is a national buy cheaper", TXT2) == "is a national buy cheaper"
    # kb/'s places the vocabulary knows are read in any case already; only its DMA ranking's other rows are added
    assert "Chicago" not in kbmarkets.names(KB) and "Texas" not in kbmarkets.names(KB) and "Houston" in kbmarkets.names(KB)
    assert kbmarkets.mark("how many people in texas", KB) == "how many people in texas"


def test_a_market_is_named_only_when_it_is_one_of_the_kbs():
    assert kbmarkets.market_named("san antonio dma", TXT2) == "San Antonio"
    assert kbmarkets.market_named("Denver", TXT2) is None and kbmarkets.market_named("Hulu", TXT2) is None


def _found(vertical: str) -> ToolOutcome:
    return ToolOutcome("get_benchmark", {"vertical": vertical, "metric": "CPM"}, "x", False, [{"text": "x"}])


def test_the_swap_needs_a_look_up_by_market_and_another_kb_market(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", TXT2)
    assert marketswap.swapped("and atlanta?", [_found("Boise")]) == "Atlanta"
    assert marketswap.swapped("and atlanta?", [_found("Roofing Contractors")]) is None  # the last look-up: a business
    assert marketswap.swapped("and denver?", [_found("Boise")]) is None  # a place the KB has no facts for
    assert marketswap.swapped("is atlanta pricier?", [_found("Boise")]) is None  # a question of its own
    monkeypatch.setenv("MPA_KB_DIR", KB)
    assert marketswap.swapped("and texas?", [_found("Dental")]) is None


def test_a_lowercase_market_and_a_market_swap_on_kb_txt2(monkeypatch, kb_txt2_engine):
    monkeypatch.setenv("MPA_KB_DIR", TXT2)
    (first, c1), (boise, c2) = turns(kb_txt2_engine, TV)
    assert "$30.80" in first and {"vertical": "Pittsburgh", "metric": "CPM", "platform": "Connected TV"} in c1, (first, c1)
    assert "$24.90" in boise and "$30.80" not in boise and "households" not in boise, boise
    assert {"vertical": "Boise", "metric": "CPM", "platform": "Connected TV"} in c2, c2


def test_a_lowercase_market_and_a_market_swap_on_kb_txt3(monkeypatch, kb_txt3_engine):
    monkeypatch.setenv("MPA_KB_DIR", TXT3)
    (first, _), (nova, c2) = turns(kb_txt3_engine, CLICKS)
    assert "C$2.55" in first, first
    assert "C$1.70" in nova and "C$2.55" not in nova and any(c.get("vertical") == "Nova Scotia" for c in c2), (nova, c2)
