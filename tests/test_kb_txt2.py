"""A list caption's own metric and platform, platform rows and tier rows, on the stranger plain-text KB
(tests/fixtures/kb_txt2) — and the same readers leave kb_txt's captions as they were. Wording of this
file's own (captions invented here; questions checked unseen)."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.prompts import system_prompt
from mpa.captions import caption_metric, caption_platform, metric_words
from mpa.tools import ToolExecutor
from tests.kbtool import tool_lines
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("caption, metric", [
    ("COST PER SIGNED LEASE - META 2023", "cost per signed lease"),
    ("QUORA LISTEN-THROUGH RATE BENCHMARKS - 2023", "quora listen-through rate"),
    ("YOUTUBE LISTEN-THROUGH RATE BENCHMARKS - 2023", "listen-through rate"),
    ("AUDIOBOOM CPD BENCHMARKS - 2023", "CPD"),
    ("GOOGLE ADS CPC BENCHMARKS - 2023", None),          # the vocabulary's metric: not an own one
    ("BY VERTICAL - HIGHEST TO LOWEST", None),
    ("TOP FAQ", None),                                  # an acronym without a caption word names nothing
    ("DMA HOUSEHOLDS - 2023 ESTIMATES", None),
])
def test_caption_names_its_own_metric(caption, metric):
    assert caption_metric(caption) == metric


@pytest.mark.parametrize("caption, metric, platform", [
    ("QUORA CPC BENCHMARKS - 2023", "CPC", "Quora"),
    ("AMAZON DSP CPM BENCHMARKS - 2023", "CPM", None),        # a known platform, qualified
    ("GOOGLE ADS SHOPPING ROAS BENCHMARKS - 2023", "ROAS", None),
    ("APPLE SEARCH ADS CPI BENCHMARKS - 2023", "CPI", "Apple Search Ads"),  # a known name inside another's
    ("CPC BENCHMARKS - 2023", "CPC", None),
])
def test_caption_names_its_own_platform(caption, metric, platform):
    assert caption_platform(caption, metric_words(metric)) == platform


def test_the_first_platform_name_is_found_in_one_scan():
    """``captions._platform_span`` scans for every vocabulary platform name at once: the span is the name that
    starts earliest, the longest of those starting there — as searching for each name on its own finds. Checked
    on captions of both fixture KBs and on lines built from the names (in capitals, run together, hyphenated)."""
    import re

    from mpa.captions import _platform_span
    from mpa.vocabulary import VOCABULARY

    def each_name(text: str):
        best = None
        for syns in VOCABULARY["platforms"].values():
            for s in syns:
                m = re.search(rf"(?<![a-z0-9]){re.escape(s)}(?![a-z0-9])", text, re.I)
                if m and (best is None or (m.start(), -m.end()) < (best[0], -best[1])):
                    best = (m.start(), m.end())
        return best

    names = [s for syns in VOCABULARY["platforms"].values() for s in syns]
    lines = [ln for kb in ("kb_txt", "kb_txt2") for p in sorted((ROOT / "tests" / "fixtures" / kb).glob("*.txt"))
             for ln in p.read_text(encoding="utf-8").splitlines() if ln.isupper()]
    lines += [f"{a.upper()} {b} CPC - {c}x" for a, b, c in zip(names, names[1:] + names[:1], names[2:] + names[:2])]
    lines += [f"{a}{b} and {b}-{a}" for a, b in zip(names, names[3:])]
    spans = [_platform_span(ln) for ln in lines]
    assert spans == [each_name(ln) for ln in lines]
    assert sum(s is not None for s in spans) > len(lines) // 2


def _answer(request, kb: str, q: str) -> str:
    """The offline agent's answer to one question asked of the KB fixture named ``kb``."""
    return ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), system_prompt()).send(q).assistant


def test_a_caption_metric_is_not_the_sections(kb_txt2_engine):
    """Booked-call figures sit in a section about leads and booked calls: they are not cost per lead."""
    lead = tool_lines(kb_txt2_engine, vertical="veterinary clinic", metric="cost per lead")
    booked = tool_lines(kb_txt2_engine, vertical="veterinary clinic", metric="cost per booked call")
    assert "$27-33" in lead and "$46-55" not in lead
    assert "$46-55" in booked


def test_an_unknown_platform_is_the_captions_not_the_sections(kb_txt2_engine):
    """Reddit's list sits in a section naming Reddit and Snapchat: its clicks are Reddit's."""
    snap = tool_lines(kb_txt2_engine, vertical="credit cards", metric="CPC", platform="Snapchat")
    reddit = tool_lines(kb_txt2_engine, vertical="credit cards", metric="CPC", platform="Reddit")
    assert "not in the knowledge base" in snap
    assert "$1.95" in reddit and "Reddit" in reddit
    assert "$25.00-30.00" in tool_lines(kb_txt2_engine, metric="CPM", platform="Spotify")


def test_acronym_and_rate_metrics_of_a_caption(kb_txt2_engine):
    assert "$0.072-0.085" in tool_lines(kb_txt2_engine, vertical="credit cards", metric="cost per view", platform="YouTube")
    assert "22-25%" in tool_lines(kb_txt2_engine, vertical="pet food", metric="ACoS")
    assert "31.5%" in tool_lines(kb_txt2_engine, vertical="quick service restaurants", metric="view rate")


def test_platform_rows_and_tier_rows(kb_txt2_engine):
    """A "BY PLATFORM" list under a vertical's heading gives that vertical one figure per platform; a
    "BY TIER" list's rows are the verticals another list names."""
    app = tool_lines(kb_txt2_engine, vertical="credit cards", metric="cost per approved application", platform="Meta")
    assert "$120-145" in app
    assert "$5.70-6.50" in tool_lines(kb_txt2_engine, vertical="mid-market saas", metric="CPC", platform="Google Ads")
    assert "3.2:1" in tool_lines(kb_txt2_engine, vertical="subscription software", metric="LTV:CAC")


TALK = ["For a college, what would one YouTube view set us back?",
        "what does a lead from a reddit ad cost a credit card issuer, per click I mean?"]


def test_wording_is_own():
    assert_unseen(TALK)


def test_agent_prices_the_kbs_own_view_metric(kb_txt2_engine):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt2_engine), system_prompt())
    assert "$0.061" in conv.send(TALK[0]).assistant


COMPARE = ["For a dental office, is a click dearer on Google Ads or on Bing Ads?",  # kb_txt
           "Which is cheaper per click for personal injury firms: Google Ads or Microsoft Advertising?",  # kb_txt2
           "What's the view rate on YouTube for quick service restaurant chains?"]


def test_compare_wording_is_own():
    assert_unseen(COMPARE)


def test_a_price_compared_between_platforms_is_looked_up_on_each(kb_txt_engine, kb_txt2_engine):
    """"cheaper per click", "a click dearer": the price of one click, asked of each platform named."""
    for engine, q, both in ((kb_txt_engine, COMPARE[0], ("$3.40-3.90", "$2.70-3.10")),
                            (kb_txt2_engine, COMPARE[1], ("$11.20-13.80", "$8.70-10.10"))):
        said = ConversationEngine(OfflineAgent(), ToolExecutor(engine), system_prompt()).send(q).assistant
        assert all(x in said for x in both), said
        assert "$6.40-7.30" not in said  # family law is not the injury lawyer's


def test_a_rate_the_kb_names_itself_is_asked_of_the_tool(kb_txt2_engine):
    said = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt2_engine), system_prompt()).send(COMPARE[2]).assistant
    assert "31.5%" in said


def test_labels_one_vocabulary_vertical_groups_are_narrowed_by_the_words_said():
    from mpa.labels import match_labels
    labels = ["Personal Injury Law Firms", "Family Law and Divorce Attorneys", "Subscription Software", "SaaS (SMB Tier)"]
    assert match_labels("divorce attorney", labels) == ["Family Law and Divorce Attorneys"]
    assert match_labels("legal services", labels) == labels[:2]  # the vocabulary's own name: every one
    assert match_labels("saas", labels) == ["Subscription Software", "SaaS (SMB Tier)"]


def test_figures_of_two_verticals_each_say_whose(kb_txt2_engine):
    out = tool_lines(kb_txt2_engine, vertical="law firms", metric="CPC", platform="Google Ads")
    assert "- Personal Injury Law Firms, Google Ads 2025: $11.20-13.80" in out
    assert "- Family Law and Divorce Attorneys, Google Ads 2025: $6.40-7.30" in out


SWAP = ["Over on Bing, what would a dentist pay for each click?", "How about accountants?",
        "What would Google Ads charge per click in New Zealand?", "and in Australia?"]


def test_swap_wording_is_own():
    assert_unseen(SWAP)


def test_a_kb_vertical_swapped_in_is_no_platform(kb_txt_engine):
    """"How about accountants?" after a Bing figure: the KB's own vertical, never a platform named "accountants"."""
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt_engine), system_prompt())
    conv.send(SWAP[0])
    rec = conv.send(SWAP[1])
    asked = [vars(t) if not isinstance(t, dict) else t for t in rec.tool_calls]
    assert not any((t.get("input") or {}).get("platform", "").lower() == "accountants" for t in asked)
    assert "$5.10-5.60" in rec.assistant or "$4.30-4.80" in rec.assistant


def test_a_markets_row_answers_for_that_market(kb_txt_engine, kb_txt2_engine):
    """A list "BY COUNTRY"/"BY DMA" states one figure per market: asked of a market, that row answers, and a
    market named in the next turn replaces it."""
    assert "$24.90" in tool_lines(kb_txt2_engine, vertical="Boise", metric="CPM", platform="streaming TV")
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt_engine), system_prompt())
    assert "$1.35" in conv.send(SWAP[2]).assistant
    said = conv.send(SWAP[3]).assistant
    assert "$2.60" in said and "$1.35" not in said


COUNTED = ["How many Nashville adults count as gym-active adults?",
           "How many Boise households keep a dog?"]


def test_counted_wording_is_own():
    assert_unseen(COUNTED)


@pytest.mark.parametrize("kb, q, size", [("kb_txt_engine", COUNTED[0], "364,000"), ("kb_txt2_engine", COUNTED[1], "158,000")])
def test_a_place_named_before_the_people_counted_is_the_market(request, kb, q, size):
    """"How many Boise households …": the capitalised name before the people counted is where they live."""
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), system_prompt())
    assert size in conv.send(q).assistant


VIEWS = "A credit card issuer sets aside 3000 dollars for YouTube: how many views will that buy?"


def test_views_wording_is_own():
    assert_unseen([VIEWS])


def test_a_count_of_the_kbs_own_unit_is_priced_by_its_own_metric(kb_txt2_engine):
    """"how many views": the KB prices a view itself (CPV, "cost per view"), not a completed view (CPCV); a
    price under ten cents is shown to its third decimal."""
    said = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt2_engine), system_prompt()).send(VIEWS).assistant
    assert "$0.085 ≈ 35,294" in said and "$0.072 ≈ 41,667" in said


ONE = ["With 4500 dollars on Google Ads, how many clicks does a pet supplies store get?",
       "A moving company has 2400 dollars: how many leads is that?"]


def test_one_wording_is_own():
    assert_unseen(ONE)


@pytest.mark.parametrize("kb, q, line", [("kb_txt_engine", ONE[0], "$4,500 ÷ $1.15 ≈ 3,913 clicks at the Typical figure"),
                                         ("kb_txt2_engine", ONE[1], "$2,400 ÷ $39 ≈ 62 leads at the Typical figure")])
def test_a_budget_is_worked_at_a_single_figure(request, kb, q, line):
    """A KB that states one figure ("Pet Supplies: $1.15") is worked at that figure, not left unworked."""
    said = _answer(request, kb, q)
    assert line in said and "figure of" in said


OWN_PLATFORMS = ["On Apple Search Ads, what do fitness apps pay for one install?",
                 "Per thousand impressions, what does Spotify go for?"]


def test_own_platform_wording_is_own():
    assert_unseen(OWN_PLATFORMS)


def test_the_kbs_own_platforms_are_declared_and_asked_by_their_names(kb_txt2_engine):
    """The platforms a KB states figures for that the vocabulary lacks are declared in get_benchmark's platform
    description; the agent asks for one said in full ("Apple Search Ads", not the vocabulary's "search ads")."""
    d = next(t for t in ToolExecutor(kb_txt2_engine).definitions() if t["name"] == "get_benchmark")
    assert "own platforms: Affiliate Comparison Sites, Apple Search Ads, Reddit, Spotify" in \
        d["input_schema"]["properties"]["platform"]["description"]
    said = [ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt2_engine), system_prompt()).send(q).assistant
            for q in OWN_PLATFORMS]
    assert "$3.40-3.90" in said[0] and "$2.10-2.45" not in said[0]
    assert "$25.00-30.00" in said[1] and "$12.50-16.00" in said[1]


def test_a_wrapped_line_that_starts_with_a_price_continues_the_sentence():
    """A plain-text KB wraps prose at a fixed width; a line that starts with "$" continues the sentence the line
    before left open, so the reader quotes the whole sentence, not its tail. Wording of this file's own."""
    from agent.offline.passages import sentences
    text = ("Webinar sponsorships are sold per registrant rather than per impression, at least in this sample.\n"
            "A sponsored slot on a vendor's flagship monthly webinar cost a little over\n"
            "$40 per registrant, while a slot on a smaller community session cost about half that price.\n"
            "Newsletter placements were cheaper again and came with no attendance guarantee at all here.")
    said = sentences(text)
    assert any(s.startswith("A sponsored slot") and "$40 per registrant" in s for s in said)


DEFINE = ["Remind me what cost per booked call means?", "Define cost per booked call for me."]


def test_define_wording_is_own():
    assert_unseen(DEFINE)


@pytest.mark.parametrize("q", DEFINE)
def test_a_kbs_own_metric_is_defined_from_its_glossary(kb_txt2_engine, q):
    """The words of a metric the KB declares ("cost per booked call") name no business ("Books"), and a list's
    ALL-CAPS caption ("COST PER BOOKED CALL - GOOGLE ADS 2025") is no definition: the glossary line is."""
    said = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt2_engine), system_prompt()).send(q).assistant
    assert "appointment" in said and "Books" not in said and "GOOGLE ADS 2025" not in said


def test_a_name_a_caption_says_in_capitals_is_said():
    """"Apple" in the question, "APPLE SEARCH ADS CPI BENCHMARKS" in the passage: the passage is about it."""
    from agent.offline.gaps import unsaid_names
    caption = "APPLE SEARCH ADS CPI BENCHMARKS - 2025\n- Mobile Games: $1.60-1.95"
    assert unsaid_names("And for a puzzle game, what do Apple installs run?", caption) == []
    assert unsaid_names("And what do Quokka installs run?", caption) == ["Quokka"]


STEP_COUNT = ["So how many stages does this planning process have?", "Remind me, how many steps are in your planning framework?"]


def test_step_count_wording_is_own():
    assert_unseen(STEP_COUNT)


@pytest.mark.parametrize("kb", ["kb_txt2_engine", "kb_txt_engine"])
@pytest.mark.parametrize("q", STEP_COUNT)
def test_a_step_count_asked_is_said(request, kb, q):
    """A listing of headed steps numbers them but never counts them: asked how many, the count (the one
    the step tool declares) is said first."""
    said = _answer(request, kb, q)
    assert said.startswith("The framework has ") and "Step 1:" in said


MARKET_ONLY = ["For Atlanta, what do streaming TV impressions cost per thousand?",
               "Google Ads cost per click in Australia, please?"]


def test_market_only_wording_is_own():
    assert_unseen(MARKET_ONLY)


def test_a_market_named_without_a_vertical_is_asked_of_the_tool(request):
    """A platform, a metric and a market, no vertical: the tool reads the platform's list by market for it
    (the market's row on kb_txt2's streaming-TV list, on kb_txt's Google Ads list by country)."""
    assert "$41.00-46.00" in _answer(request, "kb_txt2_engine", MARKET_ONLY[0])
    assert "$2.60" in _answer(request, "kb_txt_engine", MARKET_ONLY[1])


QUALIFIED_UNIT = ["For a card issuer, what does each approved store card application cost?"]


def test_qualified_unit_wording_is_own():
    assert_unseen(QUALIFIED_UNIT)


def test_a_unit_said_with_the_kbs_qualifier_is_the_kbs_own_metric(request):
    """"an approved store card application": the KB prices an "approved application" (its declared "cost per
    approved application"); the words between the qualifier and the unit are not part of the unit asked."""
    said = _answer(request, "kb_txt2_engine", QUALIFIED_UNIT[0])
    assert "$120-145" in said and "does not contain" not in said


COUNT_NOUN = ["Total household count across the Boise DMA?", "Number of adults in Nashville, roughly?"]


def test_count_noun_wording_is_own():
    assert_unseen(COUNT_NOUN)


def test_a_count_asked_as_a_noun_phrase_is_sized(request):
    """"<people> count for <place>", "number of <people> in <place>": a count asked without a question form
    is still a sizing request; the count words are no part of the audience."""
    assert "0.34M households" in _answer(request, "kb_txt2_engine", COUNT_NOUN[0])


PROGRAM_ROW = ["For a nursing degree program, what does one inquiry cost?"]


def test_program_row_wording_is_own():
    assert_unseen(PROGRAM_ROW)


def test_a_row_kept_under_its_own_dimension_answers_for_its_name(request, kb_txt2_engine):
    """"BY PROGRAM TYPE" rows name no vertical of the KB, yet each is asked as one: the tool answers the row
    its own label names (no synonym stretches it), and the agent says the figure."""
    assert "$38" in tool_lines(kb_txt2_engine, vertical="community college", metric="cost per inquiry")
    assert "$150-180" in _answer(request, "kb_txt2_engine", PROGRAM_ROW[0])
