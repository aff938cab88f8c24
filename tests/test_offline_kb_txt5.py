"""The offline agent on the fifth stranger plain-text KB (tests/fixtures/kb_txt5): what its probe turns must answer,
and the general reading rules each failure led to, each also checked on another KB or in another wording (the tool
look-ups are in tests/test_kb_txt5.py)."""
from __future__ import annotations

from pathlib import Path

from mpa.tools import ToolExecutor
from tests.offline_turns import declaring

ROOT = Path(__file__).resolve().parents[1]


def _ask(monkeypatch, engine, folder: str, *messages: str) -> list[str]:
    """The agent's answers to ``messages`` in one conversation, serving ``folder`` (its whole-KB readers read it)."""
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent

    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / folder))
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3)
    return [conv.send(m).assistant for m in messages]


def test_agent_looks_up_a_duration_the_kb_states(monkeypatch, kb_txt5_engine):
    """"how long is the payback for a tutoring center": a duration asked of a metric the KB states in months is that
    figure (the agent asked the user for a monthly contribution to compute one, as for the user's own customers)."""
    a, = _ask(monkeypatch, kb_txt5_engine, "tests/fixtures/kb_txt5", "how long is the payback for a tutoring center")
    assert "5-7 months" in a


def test_agent_duration_other_kb(monkeypatch, kb_txt4_engine):
    """kb_txt4's "CAC Payback: 9-12 months" asked how long (it was no figure, and the agent asked for a monthly
    contribution); the user's own payback with no figure still asks for that input."""
    a, = _ask(monkeypatch, kb_txt4_engine, "tests/fixtures/kb_txt4", "how long is the CAC payback for an email security vendor?")
    assert "9-12 months" in a
    a, = _ask(monkeypatch, kb_txt4_engine, "tests/fixtures/kb_txt4", "how long until our new members pay us back?")
    assert "monthly contribution" in a


def test_agent_prices_a_unit_named_before_what_was_done_to_it():
    """"We want 60 tours a month. What does that cost at the top of that range?" after kb_txt5's "cost per tour booked"
    (and kb_txt3's wedding venues, the same name): the tours are that metric's unit — the word after it says what was
    done to them — so the goal budget is 60 × the top of the range (the agent searched and quoted golf clicks)."""
    from agent.offline import kbmetrics

    with declaring("cost per tour booked; cost per demo attended; cost per rental"):
        assert (kbmetrics.priced("tours"), kbmetrics.priced("demos")) == ("cost per tour booked", "cost per demo attended")
        assert kbmetrics.priced("rentals") == "cost per rental" and kbmetrics.priced("meetings") is None


def test_agent_reads_a_price_by_its_unit_alone():
    """"and a pre-need consultation?" after a funeral home's click cost (kb_txt4) and "and a bottle club sign-up?"
    (kb_txt5): the KB's own "cost per <unit>" asked by its unit of two words or more, counted one (the agent quoted
    kb_txt4's profile notes and no figure); a one-word unit ("a piece") is too common a word to be read so."""
    from agent.offline import kbmetrics

    with declaring("cost per pre-need consultation; cost per bottle club sign-up; cost per piece"):
        said = [n for q in ("and a pre-need consultation?", "and a bottle club sign-up?", "and a piece of advice?")
                for _, n in kbmetrics.named_in(q)]
    assert said == ["cost per pre-need consultation", "cost per bottle club sign-up"]


def test_agent_keeps_a_business_named_by_one_half_of_its_label():
    """"and a bottle club sign-up?" for a "Craft Distilleries and Tasting Rooms" business (kb_txt5): the figure is the
    KB's "CRAFT DISTILLERIES - BOTTLE CLUB PROFILE", one half of the label, so the answer no longer adds that the figures
    "are not Craft Distilleries and Tasting Rooms's"; a vocabulary vertical is still named by its own terms only."""
    from agent.offline.ownrow import names_vertical

    ps = {"source": "leisure.txt", "text": "CRAFT DISTILLERIES - BOTTLE CLUB PROFILE\nCost Per Bottle Club Sign-Up: $52-66"}
    assert names_vertical("Craft Distilleries and Tasting Rooms", ps)
    assert names_vertical("Home Improvement and Pool Builders", {"source": "p.txt", "text": "POOL BUILDERS - PROFILE"})
    assert not names_vertical("Craft Distilleries and Tasting Rooms", {"source": "b.txt", "text": "BOAT DEALERS"})


def test_agent_reads_an_accented_or_hyphenated_place():
    """"how many households are in Paraná?" / "… in Baden-Württemberg?": a capitalised place name with an accented
    letter or a hyphen was not read as a place (kb_txt5's was sized as "households Paraná", kb_txt4's as "households
    -Württemberg in Baden")."""
    from agent.offline.places import geographies

    assert "Paraná" in [g for _, g in geographies("how many households are in Paraná?")]
    assert "Baden-Württemberg" in [g for _, g in geographies("how many households are in Baden-Württemberg?")]
    assert "São Paulo" in [g for _, g in geographies("size the market in São Paulo")]


def test_agent_reads_an_own_platform_without_its_first_word():
    """"and from trade shows?" after a logistics firm's LinkedIn meeting cost (kb_txt5's "BY SOURCE" row "National Trade
    Shows"): the KB's own platform said without its first word is that platform (the agent kept LinkedIn); kb_txt2's
    "Affiliate Comparison Sites" likewise — never "search ads" (a vocabulary channel) for "Apple Search Ads"."""
    from agent.offline import kblabels

    kblabels.declare([{"name": "get_benchmark", "input_schema": {"properties": {"platform": {"description": (
        "Optional. This knowledge base's own platforms: Affiliate Comparison Sites, Apple Search Ads, National Trade "
        "Shows, Reddit.")}}}}])
    try:
        assert [n for _, _, n in kblabels.platforms_in("and from trade shows?")] == ["National Trade Shows"]
        assert [n for _, _, n in kblabels.platforms_in("what about comparison sites")] == ["Affiliate Comparison Sites"]
        assert kblabels.platforms_in("what do search ads cost?") == []
    finally:
        kblabels.declare([])
