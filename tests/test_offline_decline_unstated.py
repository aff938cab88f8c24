"""Declines for a figure the knowledge base does not state, asked in the shortest ways people ask it: a metric's
value asked with "what" before its name or in a bare noun phrase ("podcasts cost per click"), a channel named in
the plural ("billboards"), a medium a KB says in so many words it keeps no figures for, a business one
platform's list lacks while another platform's list has it (a "shopping app" is no fitness app), a metric the
quoted passage never names (a channel's CPMs are no CPA), and a count whose list has no row for the place asked.

Every question is worded here, none taken from a dataset or fixture turn. Declines and answers are judged by the
project's abstention scorer (``tests.test_offline_declines._scored``) on kb/ and on the plain-text KBs.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_offline_declines import _scored

ROOT = Path(__file__).resolve().parents[1]
KB, TXT, TXT2 = "shipped_engine", "kb_txt_engine", "kb_txt2_engine"
_FOLDER = {KB: "kb", TXT: "tests/fixtures/kb_txt", TXT2: "tests/fixtures/kb_txt2"}


@pytest.fixture(autouse=True)
def _scorer_reads_the_kb_asked(request, monkeypatch):
    kb = request.node.callspec.params.get("kb") if hasattr(request.node, "callspec") else None
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / _FOLDER.get(kb, "kb")))


DECLINE = [
    (KB, "billboards: cost per lead?"),  # a channel in the plural, a bare noun phrase
    (KB, "emails, cost per thousand impressions"),
    (KB, "podcasts cost per click"),
    (KB, "what roas do podcasts return"),  # "what" before the metric's name
    (KB, "what share of linkedin clicks convert"),  # a platform's rate the KB's platform table leaves out
    (KB, "the cpa on billboards"),  # the channel's own table quoted: its CPMs are no CPA
    (TXT, "billboards: cost per lead?"),
    (TXT, "what roas do podcasts return"),
    (TXT2, "billboards: cost per lead?"),
    (TXT2, "what would a newspaper print ad cost per thousand readers"),  # the KB's own "No figures for … print"
    (TXT2, "tiktok install cost for a shopping app"),  # the app category is on other platforms' lists only
    (TXT2, "podcast host read ads, roas?"),  # the podcast prices quoted are no return on ad spend
    (TXT2, "acos on walmart connect for supplements?"),
    (TXT2, "dog owning households in milwaukee?"),  # the list's rows are other markets'; Milwaukee is elsewhere  # the KB's own acronym; Walmart's click prices are no ACoS
]
ANSWER = [
    (KB, "what ctr do travel brands usually get"),
    (KB, "snapchat cost per click"),
    (KB, "what conversion rate do online stores see"),
    (TXT, "dental practices, google cpc?"),
    (TXT2, "google app campaigns, cost per install for a shopping app"),
    (TXT2, "pest control firm on microsoft ads, cost per click"),
    (TXT2, "typical acos for toys and games on amazon"),
    (TXT2, "dog owning households in boise?"),
    (KB, "registered nurses in new york?"),
    (KB, "ecommerce click price?"),  # the unit before its price, as "click cost" is said
]


@pytest.mark.parametrize("kb,question,must", [(k, q, True) for k, q in DECLINE] + [(k, q, False) for k, q in ANSWER])
def test_declined_or_answered(kb, question, must, request):
    score, said = _scored(request.getfixturevalue(kb), question, must)
    assert score == 1.0, said


@pytest.mark.parametrize("kb,turns,figure", [
    (KB, ["we run an online travel agency, whats a normal cpc", "what share of the people who see an ad end up clicking it"],
     "1.1%–2.0%"),
    (TXT, ["we run a dental practice, whats a good google cpc", "what percent of those clicks end up booking"], "8.90-9.60%"),
])
def test_a_rate_asked_in_plain_words_is_looked_up_for_the_business(kb, turns, figure, request):
    """"What percent of …" / "what share of …" asks the rate's value for the business talked about, as "and the
    CVR?" does — not a passage that shares the words (before: a hedge with "no travel figure for this")."""
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent
    from mpa.tools import ToolExecutor
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    said = [conv.send(m) for m in turns][-1]
    assert figure in said.assistant and any((c if isinstance(c, dict) else vars(c)).get("name") == "get_benchmark" for c in said.tool_calls), said.assistant


def test_the_kbs_own_metric_asked_on_a_platform_with_no_business(kb_txt2_engine, monkeypatch):
    """A metric the KB names itself ("cost per approved application"), asked on a platform with no business named, is
    looked up by platform as a vocabulary metric is: the platform's figure, then — on a platform whose lists do not
    state it — a decline, not that platform's CPMs (kb/ names no metric of its own: the rule has nothing to read)."""
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent
    from mpa.tools import ToolExecutor
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests/fixtures/kb_txt2"))
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt2_engine), max_tool_rounds=3)
    first, second = conv.send("what would one approved card application cost us on meta"), conv.send("and on snapchat?")
    assert "$120-145" in first.assistant, first.assistant
    assert second.assistant.startswith("The knowledge base does not contain a Snapchat cost per approved application"), \
        second.assistant


def test_the_unit_before_its_price_asks_that_price():
    from agent.offline.parse import parse
    assert parse("ecommerce click price?").metrics == ["CPC"] and parse("lead prices for healthcare").metrics == ["CPL"]
    assert parse("tiktok install price for a fitness app").metrics == ["CPI"]
    assert parse("at the top of that impression price, how many impressions?").metrics == []  # a figure pointed at
    assert parse("whats the share price of meta").metrics == []  # no unit a metric prices


def test_the_unit_before_its_price_is_looked_up(kb_txt2_engine, monkeypatch):
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent
    from mpa.tools import ToolExecutor
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests/fixtures/kb_txt2"))
    turn = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt2_engine), max_tool_rounds=3).send(
        "lead price for a roofing company")
    assert "$96-121" in turn.assistant, turn.assistant  # the KB's cost per lead, not its cost per click


def test_a_metric_is_named_by_its_names_or_by_the_unit_it_prices():
    from agent.offline.metricsaid import unsaid
    assert unsaid("the cpa on billboards", "Roadside bulletins and billboards — CPM (audience impressions): $3–$12") == ["CPA"]
    assert unsaid("walmart cpc for supplements", "Walmart Connect clicks cost $0.95-1.20 for Supplements") == []
    assert unsaid("podcast roas?", "A mid-roll slot read by the host cost $24-30 per thousand downloads") == ["ROAS"]
    assert unsaid("ecommerce return on ad spend", "| ROAS (return on ad spend) | 1.6x | 2.5x–4.0x |") == []


def test_a_metric_value_asked_tersely_or_with_what():
    from agent.offline.metricask import asks, in_words
    assert in_words("what percent of clicks turn into signups") and in_words("so what share of people click")
    assert not in_words("what will our share of voice be") and not in_words("whats pinterest cpm like")
    assert asks("and what conversion rate should i expect on linkedin", True)
    assert asks("podcasts cost per click", True) and asks("billboards: cost per lead?", True)
    assert not asks("how do I raise my CTR on linkedin", True)  # advice, not a value
    assert not asks("what does CPM mean?", True) and not asks("can you explain roas", True)
    assert not asks("what is roas", True) and asks("what's a normal cpl for dentists", True)
    assert not asks("podcasts cost per click", False)  # no metric named: nothing is asked of one


def test_the_kbs_own_no_figures_for_lists_what_it_leaves_out():
    from agent.offline.gaps import excluded_items
    for kb in ("kb_txt2", "kb_txt3"):  # each plain-text KB writes the sentence its own way
        text = " ".join(p.read_text() for p in (ROOT / "tests" / "fixtures" / kb).glob("*.txt"))
        sentence = next(s for s in text.replace("\n", " ").split(". ") if "no figures for print" in s.lower()
                        or "No figures for" in s)
        assert any(item.strip() == "print" for item in excluded_items(sentence + ".")), (kb, sentence)


def test_the_exclusion_replaces_a_plain_decline(shipped_engine, kb_txt2_engine):
    """A plain "no information" decline becomes the KB's own exclusion, cited, when a passage this turn returned
    says the KB keeps no figures for what is asked (kb/: "… sports betting and cannabis have no benchmarks")."""
    from agent.offline.leftout import _DECLINE, instead
    from agent.offline.toolread import ToolOutcome
    for engine, question, search, cited in (
            (shipped_engine, "what does a cannabis dispensary pay per click", "verticals not covered", "benchmarks-methodology"),
            (kb_txt2_engine, "what does a direct mail postcard cost per thousand", "what this reference does not cover",
             "terms_and_definitions")):
        hits = engine.search(search, top_k=5)
        outcome = ToolOutcome("search_knowledge_base", {"query": search}, "", False,
                              [{"id": r.citation_id, "source": r.citation, "text": r.chunk.text} for r in hits])
        said = instead(question, [outcome], _DECLINE)
        assert said.startswith("The knowledge base does not cover that.") and f"[{cited}#" in said, said
        assert instead("how do I plan a flight?", [outcome], _DECLINE) == _DECLINE  # no price asked: unchanged
        assert instead(question, [outcome], "Based on Knowledge Base [x#1]: …") == "Based on Knowledge Base [x#1]: …"


def test_an_activity_word_names_the_trade_a_generic_noun_does_not():
    from mpa.labels import match_labels
    labels = ["Fintech and Banking Apps", "Fitness Apps", "Shopping Apps"]
    assert match_labels("shopping app", labels) == ["Shopping Apps"]
    assert match_labels("marketing agency", ["Marketing Agencies", "Travel Agencies"]) == ["Marketing Agencies"]
    assert match_labels("pet shop", ["Pet Food and Treats", "Shopping Apps"]) == ["Pet Food and Treats"]  # a shop is none


def test_a_platforms_figure_asked_by_search_leaves_no_business_behind():
    """A platform's price asked with no business ("what does a click go for on pinterest") whose search happened to
    rank one vertical's table first does not make that vertical the conversation's business: the next question
    ("reddit click price?") would be answered with that vertical's table (kb/: saas) instead of declined."""
    from agent.offline.recall import remember
    from agent.offline.toolread import ToolOutcome
    table = ToolOutcome("search_knowledge_base", {"query": "q"}, "", False,
                        [{"id": "benchmarks-saas#0", "source": "benchmarks-saas.md › Benchmark table", "text": "| CPC | $1.80 |"}])
    assert remember([("what does a click go for on pinterest", [table])]).vertical is None
    assert remember([("what does a click go for", [table])]).vertical == "saas"  # no platform: the table's business
