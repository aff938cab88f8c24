"""A section that splits its advice by budget inside it ("**Under $1k a month**: …", "**$10k+ a month**: …") is
quoted at the item of the budget the user states, not at its first items (agent.offline.bands.own_items). Wording
of our own, on hand-written passages and both knowledge bases."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, bands
from agent.offline.reader import extract
from mpa.tools import ToolExecutor
from tests.test_offline_section_choice import _sec
from tests.unseen_wording import assert_unseen

ASKS = [("what support comes with a $25k monthly bill?", "named account manager", "email support"),
        ("with a $4,000 monthly bill, what support do we get?", "phone support", "named account manager"),
        ("what support comes with a $500 monthly bill?", "email support", "phone support")]
E2E = [("shipped_engine", "We put about $400k a month into media. How should attribution work at that scale?", "$250k+"),
       ("kb_txt_engine", "At $8,000 a month, how many campaigns should we run?", "one search campaign")]
HOSTING = [_sec("h#3", "Support by plan size", "Support grows with the monthly bill.\n\n"
                "- **Under $1k a month**: email support within two working days.\n"
                "- **$1k–$10k a month**: phone support during office hours, and a quarterly review.\n"
                "- **$10k+ a month**: a named account manager and a round-the-clock line."),
           _sec("h#5", "Billing", "Invoices go out on the first of the month; cards are charged on the fifth.")]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([a for a, _, _ in ASKS], [q for _, q, _ in E2E], "does that come with a named account manager?")


@pytest.mark.parametrize("ask,said,other", ASKS)
def test_the_item_of_the_stated_budget_is_quoted(ask, said, other):
    got = extract(ask, HOSTING, 3)
    assert "[h#3]" in got and said in got and other not in got, got


def test_an_item_of_another_band_naming_what_is_asked_stays():
    got = extract("our monthly bill is $500. does that come with a named account manager?", HOSTING, 3)
    assert "email support" in got and "named account manager" in got, got


def test_only_a_section_split_by_bands_loses_items():
    units = extract.__globals__["_units"]([HOSTING[0]])
    assert len(bands.own_items(25000, units)) == 2  # the lead and the $10k+ item
    assert bands.own_items(None, units) == units  # no budget stated
    assert bands.own_items(25000, units[:2]) == units[:2]  # one banded item is no split


@pytest.mark.parametrize("kb,ask,said", E2E)
def test_end_to_end_the_stated_budgets_item(kb, ask, said, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    assert said in conv.send(ask).assistant


TIERS = [_sec("t#0", "Spend tiers", "Each tier below sets how many channels a monthly spend can carry.\n\n"
              "SPEND TIERS - MONTHLY MEDIA\n- Starter Tier: under $2,500 (one channel, search only)\n"
              "- Growth Tier: $2,500-10,000 (two channels; search plus one social network)\n"
              "- Scale Tier: over $10,000 (three channels; video allowed)")]


def test_a_tier_list_whose_values_are_the_bands_quotes_the_stated_budgets_tier():
    """A plain-text list led by tier names, its money bands in the values ("- Growth Tier: $2,500-10,000 (…)", kb_txt9's
    budget tiers): "$2,500-10,000" was one budget of $2,500 give or take a quarter, and the tier never quoted."""
    ask = "we can put about $6,000 a month in. which tier does that make us?"
    assert_unseen([ask])
    assert bands.band("$2,500-10,000") == (2500.0, 10000.0) and bands.band("$5k–20k a month") == (5000.0, 20000.0)
    got = extract(ask, TIERS, 3)
    assert "Growth Tier: $2,500-10,000" in got and "Starter Tier" not in got and "Scale Tier" not in got, got
    prices = _sec("p#0", "Cost per lead", "COST PER LEAD - 2025\n- Dental Practices: $38-43\n- Gyms and Fitness: $34-38\n"
                  "- Legal Services: $118-135")
    units = extract.__globals__["_units"]([prices])
    assert bands.own_items(40, units) == units  # a price list's ranges tile no budgets: no bands
