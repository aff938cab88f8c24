"""An end of the range asked as a follow-up (probe of 2026-11-29, h_calc): "saas cac typical?" then "whats the
high end" / "and the low end?". Two readings:

* "the high end", "the cheap side", "the upper-bound figure" name where in the last range, never a business: read
  as one, "high end" had been resolved by meaning to another vertical (automotive), "low end" to healthcare
  (:data:`agent.offline.business._RANGE_END`);
* an end of the range asked with the last metric carried is a benchmark question (``p.end`` asks the range),
  not a search for the words "high end".
Wording of our own, on kb/ and the plain-text fixture KB."""
from __future__ import annotations


from agent.offline.business import business
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

SAAS = ["saas cac typical?", "whats the high end", "and the low end?"]
DENTAL = ["google cpc for dental offices?", "whats the low end", "what about the pricey side"]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(SAAS, DENTAL)


def test_an_end_of_the_range_is_no_business():
    for text in ("what about the high end?", "and the low end?", "and the cheap side?", "what about the upper-bound figure",
                 "and the worst case?"):
        assert business(text) is None, text
    assert business("and a high-end furniture store?").phrase == "high-end furniture store"  # a business still is one


def test_ends_of_the_range_after_a_figure_on_the_shipped_kb(shipped_engine):
    (_, _), (high, high_calls), (low, low_calls) = turns(shipped_engine, SAAS)
    assert {"vertical": "saas", "metric": "CAC"} in high_calls and "$1,800" in high, (high_calls, high)
    assert {"vertical": "saas", "metric": "CAC"} in low_calls and "$220" in low, (low_calls, low)
    assert "automotive" not in high + low and "healthcare" not in high + low


def test_ends_of_the_range_after_a_figure_on_a_plain_text_kb(kb_txt_engine):
    (_, _), (low, low_calls), (high, high_calls) = turns(kb_txt_engine, DENTAL)
    for text, calls in ((low, low_calls), (high, high_calls)):
        assert any(c.get("metric") == "CPC" and "dental" in c.get("vertical", "").lower() for c in calls), calls
        assert "$3.40-3.90" in text, text


BOTH = ["ecommerce cac whats typical", "both ends of typical please"]
BOTH_TXT = ["google cpc for dental offices?", "both ends of that range?"]


def test_both_ends_asked_after_a_figure(shipped_engine, kb_txt_engine):
    assert_unseen(BOTH, BOTH_TXT)
    _, (text, calls) = turns(shipped_engine, BOTH)
    assert {"vertical": "ecommerce", "metric": "CAC"} in calls and "$30–$55" in text, (calls, text)
    _, (text, calls) = turns(kb_txt_engine, BOTH_TXT)
    assert any(c.get("metric") == "CPC" for c in calls) and "$3.40-3.90" in text, (calls, text)
