"""A platform or channel and a metric, no vertical (agent.offline.platformfig, mpa.platform_figures):
the figures the KB's lists give for that platform × metric, whatever the KB's convention, cited,
with the note that the figure depends on the vertical. Own wording throughout."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

TIKTOK_CPM = ["how pricey is reach on tiktok per thousand?", "ballpark cost per thousand impressions for tiktok ads?",
              "What's TikTok's CPM looking like?"]
CTV_CPM = ["typical CPM for streaming TV ads?", "what would connected TV cost me per thousand impressions?",
           "ctv cpm range?"]
META_CPC = ["what does a click on facebook go for?", "roughly what do instagram clicks cost?"]
ALT_GOOGLE_CPC = ["what does a click on google ads cost?", "google ads cpc, ballpark?"]
SHIPPED_CTV = ["typical CPM for streaming TV ads?", "ott cpm ballpark?"]
NO_FIGURE = ["what do pinterest ads cost per thousand views?", "snapchat cpm?"]


def _say(engine, text: str) -> str:
    return ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3).send(text).assistant


def test_wording_is_own():
    assert_unseen(TIKTOK_CPM, CTV_CPM, META_CPC, ALT_GOOGLE_CPC, NO_FIGURE, "what does a click on tiktok run?", "tiktok cpm ballpark?",
                  "and what about click-through rate?", SHIPPED_CTV, "we're an online store", "and for a gym?")


# (KB, phrasings, what the answer must hold): a long list by its ends, a short one whole (each list
# cited), an average row beside the spread, and a third KB's metric lines and grid
CASES = [
    ("kb_txt_engine", TIKTOK_CPM, ["$3.90 (Pet Supplies)", "$7.90-9.10 (Higher Education)", "[social_platform_benchmarks#",
                                   "depends on your vertical"]),
    ("kb_txt_engine", CTV_CPM, ["Premium Broadcaster Apps $38.00-45.00", "Virtual MVPD Packages $28.00",
                                "FAST Channels $14.50-18.00", "$22.80-25.40 (Restaurants and Food Delivery)",
                                "$34.80 (Banking and Credit Unions)", "[ctv_programmatic_cpm#", "inventory type"]),
    ("kb_txt_engine", META_CPC, ["Overall Average $1.05-1.30", "$0.48", "$3.10-3.60"]),
    ("kb_alt_engine", ALT_GOOGLE_CPC, ["Legal Services $8.10-$9.30", "Holiday rentals $0.85 to $1.25",
                                       "[legal-services-costs#", "[hospitality-benchmarks#"]),
]


@pytest.mark.parametrize("kb,q,needles", [(kb, q, n) for kb, qs, n in CASES for q in qs])
def test_the_platforms_figures_are_given_with_their_labels_and_citations(kb, q, needles, request):
    said = _say(request.getfixturevalue(kb), q)
    assert [n for n in needles if n not in said] == [], said


@pytest.mark.parametrize("q", NO_FIGURE)
def test_a_platform_without_figures_is_said_to_have_none(kb_alt_engine, q):
    said = _say(kb_alt_engine, q)
    assert "$" not in said, said  # no other platform's figure in its place
    assert "no Pinterest" in said or "no Snapchat" in said, said


def test_a_metric_the_platforms_lists_lack_is_said_to_be_missing(kb_txt_engine):
    said = _say(kb_txt_engine, "what does a click on tiktok run?")
    assert "TikTok CPC figure" in said and "none for" in said and "$3.90" not in said and "$0.48" not in said, said


def test_a_follow_up_metric_keeps_the_platform_and_no_platform_becomes_the_vertical(kb_txt_engine):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt_engine), max_tool_rounds=3)
    conv.send("tiktok cpm ballpark?")
    said = conv.send("and what about click-through rate?").assistant
    assert "0.39% (Higher Education)" in said and "0.92% (Beauty and Personal Care)" in said, said
    assert "vertical 'TikTok'" not in said



@pytest.mark.parametrize("q", SHIPPED_CTV)
def test_a_table_kb_names_the_platform_by_a_short_name_and_another_channel_does_not_answer(shipped_engine, q):
    """kb/'s CTV table says "CTV"; the user says "streaming TV" or "OTT". "Streaming audio" shares a word
    and is another channel's row."""
    said = _say(shipped_engine, q)
    assert "$15–$30" in said and "$30–$60" in said and "[channel-ctv#" in said, said
    assert "audio" not in said.lower(), said


@pytest.mark.parametrize("then,figure", [("we're an online store", "$5.80-6.90"), ("and for a gym?", "$5.10")])
def test_the_offer_to_narrow_is_kept_when_the_vertical_follows(kb_txt_engine, then, figure):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt_engine), max_tool_rounds=3)
    conv.send("tiktok cpm ballpark?")
    said = conv.send(then).assistant
    assert f"TikTok 2024: {figure} [social_platform_benchmarks#" in said and "Meta" not in said, said
