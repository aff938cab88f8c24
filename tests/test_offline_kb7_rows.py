"""Three general readings found on kb_txt7's misses (wordings of our own): a platform's rows written for a business
under a shorter label than the list row matched (mpa.platformrows); a platform the KB names in words of its own is
no business ("half the budget into A Place for Mom": not "Mom"); "what's a <unit> running" asks its price."""
from __future__ import annotations

from agent.offline import kblabels, kbmetrics
from agent.offline.parse import parse
from mpa.tools import ToolExecutor


def _tool(engine, **inp) -> str:
    r = ToolExecutor(engine).execute("get_benchmark", inp)
    return r.content if hasattr(r, "content") else str(r)


def test_platform_rows_under_a_shorter_label(kb_txt7_engine):
    got = _tool(kb_txt7_engine, vertical="assisted living residences", metric="cost per in-person tour", platform="Google Ads")
    assert "430-520" in got
    assert "590-670" in _tool(kb_txt7_engine, vertical="assisted living apartments", metric="cost per tour", platform="Caring.com")


def test_a_kb_platform_named_in_words_is_no_business(kb_txt7_engine):
    tools = ToolExecutor(kb_txt7_engine).definitions()
    kbmetrics.declare(tools), kblabels.declare(tools)
    try:
        p = parse("should we move a third of our spend into A Place for Mom next month?")
        assert not p.business_phrase and not p.vertical
    finally:
        kbmetrics.declare([]), kblabels.declare([])


def test_a_unit_running_asks_its_price():
    assert "CPC" in parse("what's a click running on Google these days?").metrics
    p = parse("what's a campaign running on?")
    assert not p.metrics and not p.metric_phrases


def test_what_one_unit_brings_in_is_the_kbs_revenue_per_unit():
    from agent.offline import earnask
    names = ["revenue per catalogue posted", "average order value"]
    assert earnask.asked("what does each catalogue we post bring in?", names)[0][1] == "revenue per catalogue posted"
    assert earnask.asked("what does one catalogue earn us, roughly?", names)[0][1] == "revenue per catalogue posted"
    assert not earnask.asked("what does each catalogue we shred bring in?", names)  # another deed
    assert not earnask.asked("what does each visit bring in?", names)  # no such name
