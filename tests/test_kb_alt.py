"""Every look-up on a knowledge base it was not written with: the same questions of the shipped KB
(Markdown tables), the plain-text fixture KB (ALL-CAPS headed lists) and the third fixture KB
(tests/fixtures/kb_alt: slash triples, dash bullets, a comma-separated grid, the KB's own "cost per
booking", audience counts in prose, "Phase N" steps). Each test is one or two tool calls on the
session engines; the figures are asserted from the tool result's own text, and the offline agent
reads the range it was shown (memory.bench_range) in both result forms. Wording of this file's own."""
from __future__ import annotations

import re

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, kbmetrics
from agent.offline.memory import bench_range
from agent.offline.toolread import read_outcome
from mpa.facts import extract_facts
from mpa.grid_facts import grid_facts
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

KBS = ["shipped_engine", "kb_txt_engine", "kb_alt_engine"]
# (vertical, metric, platform) each KB states as one figure, and the range it states
BENCH = {
    "shipped_engine": ({"vertical": "ecommerce", "metric": "cost per click"}, None),
    "kb_txt_engine": ({"vertical": "dental practices", "metric": "CPC", "platform": "Google Ads"}, (3.40, 3.90)),
    "kb_alt_engine": ({"vertical": "law firm", "metric": "cost per click"}, (8.10, 9.30)),
}
AUDIENCE = {
    "shipped_engine": {"audience_type": "new parents"},
    "kb_txt_engine": {"audience_type": "population", "geography": "Phoenix"},
    "kb_alt_engine": {"audience_type": "cat owners", "geography": "Denver"},
}
TALKS = {  # a price asked in one turn, a count of what a budget buys in the next
    "kb_txt_engine": ["What do dentists pay for a click on Google?", "Say we had 6000 dollars: how many clicks?"],
    "kb_alt_engine": ["Law firms: what does one consultation cost them?",
                      "Suppose 12000 dollars went in, how many consultations come out?"],
}


def _run(request, kb, name, inp):
    return ToolExecutor(request.getfixturevalue(kb)).execute(name, inp)


def test_wording_is_own():
    assert_unseen([t for turns in TALKS.values() for t in turns], "what's the CPB for a veterinary clinic?",
                  "so what happens during phase 4?", "Clicks for a small seaside hotel, what do they go for?",
                  "And the click-through rate for a grooming salon?",
                  "What does a click on Google cost for a cosmetics brand?", "what do leads on LinkedIn cost a bank?",
                  "With a budget of 2900 dollars, how many clicks would we get?", "which CPC do holiday rentals usually see?",
                  "cost per booking at a small inn, typically?", "our home page converts badly, what CPC is normal?",
                  "what CPC do roofing outfits see?", "At our inn we pay 61 dollars per booking; is that normal?",
                  "how much per consultation for a family lawyer?")


@pytest.mark.parametrize("kb", KBS)
def test_a_benchmark_answers_and_its_range_is_remembered(kb, request):
    inp, stated = BENCH[kb]
    r = _run(request, kb, "get_benchmark", inp)
    assert not r.is_error and "not in the knowledge base" not in r.content and r.citations
    _, _, rng, _ = bench_range(read_outcome("get_benchmark", inp, r.content, r.is_error))
    assert rng is not None and rng[0] <= rng[1]
    if stated:
        assert rng == stated


@pytest.mark.parametrize("kb", KBS)
def test_an_audience_is_sized(kb, request):
    r = _run(request, kb, "get_audience_sizing", AUDIENCE[kb])
    assert not r.is_error and "Estimated size:" in r.content and r.citations


@pytest.mark.parametrize("kb", KBS)
def test_step_guidance_finds_the_geography_step(kb, request):
    r = _run(request, kb, "get_step_guidance", {"step": 4})
    assert r.passages and re.search(r"(?i)\b(?:step|phase)\s*0?4\b|geograph|markets?", r.passages[0]["text"])


@pytest.mark.parametrize("kb", KBS)
def test_only_a_kb_that_names_its_own_metric_declares_it(kb, request):
    tools = ToolExecutor(request.getfixturevalue(kb)).definitions()
    kbmetrics.declare(tools)
    assert (kbmetrics.named_in("the CPB for a kennel") != []) == (kb == "kb_alt_engine")
    kbmetrics.declare([])


def test_kb_alt_own_metric_by_acronym_and_by_name(kb_alt_engine):
    x = ToolExecutor(kb_alt_engine)
    by_acronym = x.execute("get_benchmark", {"vertical": "veterinary clinics", "metric": "CPB"})
    by_name = x.execute("get_benchmark", {"vertical": "veterinary clinics", "metric": "price per bookings"})
    assert "$74" in by_acronym.content and "Low: $52 · High: $118" in by_acronym.content
    assert by_name.content.split("\n")[:2] == by_acronym.content.split("\n")[:2]
    # "Cost per booking" without its acronym in one file is the CPB another file spells out
    assert "$38 to $52" in x.execute("get_benchmark", {"vertical": "boutique hotels", "metric": "CPB"}).content


def test_kb_alt_agent_asks_for_the_kbs_own_metric(kb_alt_engine):
    c = ConversationEngine(OfflineAgent(), ToolExecutor(kb_alt_engine), max_tool_rounds=3)
    rec = c.send("what's the CPB for a veterinary clinic?")
    assert [t["input"]["metric"] for t in rec.tool_calls if t["name"] == "get_benchmark"] == ["cost per booking"]
    assert "$74" in rec.assistant


@pytest.mark.parametrize("kb", list(TALKS))
def test_a_range_shown_earlier_prices_a_later_count(kb, request):
    c = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    c.send(TALKS[kb][0])
    answer = c.send(TALKS[kb][1]).assistant
    assert "÷" in answer and "Typical" in answer


def test_layouts_read_without_a_kb():
    triple = extract_facts("x.md", "## Dog walkers\n\nCost per lead: $9 / $12 / $20\n")
    assert [(f.vertical, f.metric, f.value, f.floor, f.ceiling) for f in triple] == [
        ("Dog walkers", "CPL", "$12", "$9", "$20")]
    dashed = extract_facts("x.md", "## Campsites\n\n- Cost per click on Bing — usually $0.40 to $0.70 (seen from $0.20 to $1.10)\n")
    assert [(f.metric, f.platform, f.low, f.high, f.ceiling) for f in dashed] == [("CPC", "Bing Ads", 0.4, 0.7, "$1.10")]
    grid = grid_facts("x.txt", "KENNELS\nkpi,median,channel,max\nCost per lead,$18,Meta,$40\n")
    assert [(f.vertical, f.metric, f.value, f.platform, f.ceiling) for f in grid] == [("Kennels", "CPL", "$18", "Meta", "$40")]


@pytest.mark.parametrize("kb", KBS)
def test_only_a_kb_that_numbers_phases_says_so(kb, request):
    step_tool = next(d for d in ToolExecutor(request.getfixturevalue(kb)).definitions() if d["name"] == "get_step_guidance")
    assert ("calls the steps phases" in step_tool["description"]) == (kb == "kb_alt_engine")


def test_kb_alt_agent_reads_a_phase_as_its_step(kb_alt_engine):
    c = ConversationEngine(OfflineAgent(), ToolExecutor(kb_alt_engine), max_tool_rounds=3)
    rec = c.send("so what happens during phase 4?")
    assert {"name": "get_step_guidance", "input": {"step": 4}} in [{"name": t["name"], "input": t["input"]}
                                                                   for t in rec.tool_calls]
    assert "planning-phases#" in rec.assistant and "markets" in rec.assistant


@pytest.mark.parametrize("kb", KBS)
def test_get_benchmark_names_the_kbs_own_verticals(kb, request):
    tool = next(d for d in ToolExecutor(request.getfixturevalue(kb)).definitions() if d["name"] == "get_benchmark")
    said = tool["input_schema"]["properties"]["vertical"]["description"]
    assert ("Veterinary clinics" in said) == (kb == "kb_alt_engine") and ("Dental Practices" in said) == (
        kb == "kb_txt_engine")


def test_a_business_named_now_is_not_the_last_turns(kb_alt_engine):
    c = ConversationEngine(OfflineAgent(), ToolExecutor(kb_alt_engine), max_tool_rounds=3)
    c.send("Clicks for a small seaside hotel, what do they go for?")
    answer = c.send("And the click-through rate for a grooming salon?").assistant
    assert "4.6%" in answer and "travel" not in answer.lower()


def test_a_grid_of_audiences_in_its_own_columns(kb_alt_engine):
    x = ToolExecutor(kb_alt_engine)
    r = x.execute("get_audience_sizing", {"audience_type": "recent movers", "geography": "Arizona"})
    assert "290,000" in r.content and "Also sized for: Georgia" in r.content
    pipe = grid_facts("x.md", "| Who | Region | Households |\n|---|---|---|\n| Boat owners | Maine | 40,000 |\n")
    assert [(f.kind, f.audience, f.geography, f.low) for f in pipe] == [("audience", "Boat owners", "Maine", 40000.0)]


def test_a_shipped_audience_name_finds_the_one_label_its_synonyms_name_here(kb_alt_engine):
    r = ToolExecutor(kb_alt_engine).execute("get_audience_sizing", {"audience_type": "pet-owning households"})
    assert "68 million" in r.content


def test_one_figure_shown_earlier_prices_a_count_once(kb_txt_engine):
    c = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt_engine), max_tool_rounds=3)
    c.send("What does a click on Google cost for a cosmetics brand?")
    answer = c.send("With a budget of 2900 dollars, how many clicks would we get?").assistant
    assert answer.count("÷") == 1 and "at the Typical figure" in answer


@pytest.mark.parametrize("text,metric", [("What does a click on Google cost for a cosmetics brand?", "CPC"),
                                         ("what do leads on LinkedIn cost a bank?", "CPL")])
def test_a_platform_named_beside_the_unit_is_not_a_unit(text, metric):
    from agent.offline.parse import parse
    p = parse(text)
    assert p.metrics == [metric] and p.metric_phrases == []


@pytest.mark.parametrize("kb,text,label", [
    ("kb_alt_engine", "which CPC do holiday rentals usually see?", "Holiday rentals"),
    ("kb_alt_engine", "cost per booking at a small inn, typically?", "Boutique hotels and inns"),
    ("kb_txt_engine", "our home page converts badly, what CPC is normal?", None),   # "home" is not Home Improvement
    ("kb_txt_engine", "what CPC do roofing outfits see?", "Home Improvement and Roofing"),
    ("shipped_engine", "which CPC do holiday rentals usually see?", None),          # kb/ declares no labels
])
def test_a_vertical_the_kb_labels_itself_said_in_full(kb, text, label, request):
    from agent.offline import kblabels
    kblabels.declare(ToolExecutor(request.getfixturevalue(kb)).definitions())
    try:
        assert kblabels.named_in(text) == label
    finally:
        kblabels.declare([])


def test_own_price_set_beside_the_kbs_own_metric(kb_alt_engine):
    c = ConversationEngine(OfflineAgent(), ToolExecutor(kb_alt_engine), max_tool_rounds=3)
    answer = c.send("At our inn we pay 61 dollars per booking; is that normal?").assistant
    assert "$38 to $52" in answer and "above" in answer


def test_a_cached_reading_holds_for_its_kbs_declarations_only(kb_alt_engine):
    from agent.offline.parse import parse
    text = "how much per consultation for a family lawyer?"
    kbmetrics.declare([])
    before = parse(text).metric_phrases
    kbmetrics.declare(ToolExecutor(kb_alt_engine).definitions())
    try:
        assert before == [] and parse(text).metric_phrases == ["cost per consultation"]
    finally:
        kbmetrics.declare([])
    assert parse(text).metric_phrases == []


@pytest.mark.parametrize("kb,question,said", [
    ("kb_alt_engine", "roughly what's a booking going to cost a boarding kennel?", "Typical Grooming salons and boarding "
                                                                                   "kennels CPB figure is $41"),
    ("shipped_engine", "roughly what's a customer going to cost an online store?", "CAC (customer acquisition cost) "
                                                                                  "range is $30–$55"),
    ("kb_txt_engine", "so what's a click gonna cost a dental practice?", "Google Ads 2024: $3.40-3.90"),
])
def test_a_single_typical_figure_is_called_a_figure_and_going_to_cost_asks_the_price(kb, question, said, request):
    assert_unseen(question)
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    got = conv.send(question).assistant
    assert said in got and "range is $41" not in got, got
