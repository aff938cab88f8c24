"""The abstention scorer fails a must-abstain answer that opens with another row's figure (h_declfig, 2026-11-30):
"Personal Injury Law Firms: $410-520 … The knowledge base has no tattoo studio CPL benchmark" declines, and its
figure is real and cited, so nothing caught it (scorers/figurefirst.py). Answers written here, read with the KB's
own labels on kb/ and on the plain-text stranger KB kb_txt2."""
from __future__ import annotations

from pathlib import Path

import pytest

from scorers import abstention
from scorers.figurefirst import opening_figures

ROOT = Path(__file__).resolve().parents[1]
DECLINE = "The knowledge base has no tattoo studio CPL benchmark (it has no benchmark table for 'tattoo studio')."
TATTOO = "we run a tattoo studio, what cost per lead should we expect?"


@pytest.fixture
def kb(monkeypatch):
    def use(folder: str):
        monkeypatch.setenv("MPA_KB_DIR", str(ROOT / folder))
    return use


PASSAGE = {"id": "local_services_search_costs#3", "source": "local_services_search_costs.txt",
           "text": "COST PER BOOKED CALL - GOOGLE ADS 2025\nBY VERTICAL - HIGHEST TO LOWEST\n"
                   "- Personal Injury Law Firms: $410-520 (highest; signed case costs far more)"}


SAAS = {"id": "benchmarks-saas#5", "source": "benchmarks-saas.md", "text": "### CPL in B2B SaaS\n\nTypical SaaS CPL is $80–$180."}
SHOP = {"id": "benchmarks-ecommerce#4", "source": "benchmarks-ecommerce.md",
        "text": "### CPC in ecommerce\n\nThe Typical CPC range is $0.70–$1.30."}


def _abstention(answer: str, question: str = TATTOO, retrieved=(PASSAGE,)) -> float:
    """The score of ``answer`` on a must-abstain turn; its figures are in what was retrieved (nothing invented)."""
    return abstention(input=question, output={"response": answer, "retrieved": list(retrieved)},
                      expected={"must_abstain": True}, metadata={}).score


def test_another_trades_row_before_the_decline_fails_on_a_plain_text_kb(kb):
    kb("tests/fixtures/kb_txt2")
    first = f"Based on Knowledge Base [local_services_search_costs#3]: Personal Injury Law Firms cost per booked call: $410-520.\n\n{DECLINE}"
    assert opening_figures(first, [TATTOO]) and _abstention(first) == 0.0
    after = f"{DECLINE}\n\nBased on Knowledge Base [local_services_search_costs#3]: Personal Injury Law Firms cost per booked call: $410-520."
    assert opening_figures(after, [TATTOO]) == [] and _abstention(after) == 1.0  # said after the decline: allowed


def test_another_verticals_figure_before_the_decline_fails_on_the_shipped_kb(kb):
    kb("kb")
    first = f"Based on Knowledge Base [benchmarks-saas#5]: Typical SaaS CPL is $80–$180.\n\n{DECLINE}"
    assert _abstention(first, retrieved=[SAAS]) == 0.0
    assert _abstention(f"{DECLINE}\n\nBased on Knowledge Base [benchmarks-saas#5]: Typical SaaS CPL is $80–$180.",
                       retrieved=[SAAS]) == 1.0
    unlabelled = f"Based on Knowledge Base [benchmarks-ecommerce#4]: The Typical CPC range is $0.70–$1.30.\n\n{DECLINE}"
    assert _abstention(unlabelled, retrieved=[SHOP]) == 0.0  # a figure no label claims is nobody's answer either
    assert _abstention(DECLINE) == 1.0


def test_the_users_own_row_and_metric_may_come_first(kb):
    kb("kb")
    users = ["we make puzzle games for phones", "and on reddit, what's the cpm?"]
    own = ("Based on Knowledge Base [benchmarks-gaming#0]: Typical gaming CPM is $8–$16.\n\n"
           "The knowledge base has no Reddit figure; the figures above are not Reddit's.")
    assert opening_figures(own, users) == []
    other_metric = ("Based on Knowledge Base [benchmarks-gaming#0]: Typical gaming CPI is $2.50–$5.00.\n\n"
                    "The knowledge base has no Reddit figure; the figures above are not Reddit's.")
    assert opening_figures(other_metric, users)  # the user's business, but not the metric asked


def test_the_users_own_numbers_and_a_formulas_constant_are_no_opening_figure(kb):
    kb("tests/fixtures/kb_txt2")
    users = ["we paid $4,000 for 50 leads at our tattoo studio, is there a benchmark cost per lead?"]
    mine = f"You paid $4,000 for 50 leads.\n\n{DECLINE}"
    assert opening_figures(mine, users) == []
    formula = f"Based on Knowledge Base [terms_and_definitions#1]: CPM is spend ÷ impressions × 1,000.\n\n{DECLINE}"
    assert opening_figures(formula, users) == []
    assert opening_figures("Personal Injury Law Firms: $410-520.", users) == []  # no decline: not this rule's
