"""The scorers' number reader takes "4.8x-5.6x" and "$5k-10k" as two numbers, a range, not one.

Before, the reader's guard against identifier parts ("MPA-10", "KPI-NC-01": a number after
"<letter>-" is not a figure) also skipped the second end of a hyphenated range whose first end
carries a unit or magnitude letter. On kb_txt3 ("Snacks and Confectionery: 4.8x-5.6x") the
benchmark scorer then read the tool's right answer as 4.8x-4.8x and failed it, and grounding could
not see an invented upper end at all ("4.8x-7.3x" was read as 4.8x). The guard now lets a number
through after "<digit><x|k|K|M|B>-" (the end of a figure), and still skips identifiers.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from scorers import grounding
from scorers.text import numbers, parse_value_range, ranges

ROOT = Path(__file__).resolve().parent
KB3 = (ROOT / "fixtures" / "kb_txt3" / "commerce_media_and_fintech_apps.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("text, values", [
    ("4.8x-5.6x", [4.8, 5.6]), ("3x-4x", [3.0, 4.0]), ("$5k-10k", [5000.0, 10000.0]),
    ("$15k-25k", [15000.0, 25000.0]), ("1.2M-1.5M", [1.2e6, 1.5e6]),
    ("0.8x-1.4x", [0.8, 1.4]),  # kb/'s "0.8x–1.4x" written with a hyphen reads as with the en dash
])
def test_both_ends_of_a_range_are_read(text, values):
    assert [n.value for n in numbers(text)] == values
    assert parse_value_range(text)[:2] == (values[0], values[1])


@pytest.mark.parametrize("text", ["MPA-10", "B2B-10", "KPI-NC-01", "COVID-19", "Q4-2025", "PACE-90/110"])
def test_identifier_parts_are_still_not_numbers(text):
    assert numbers(text) == []


def test_en_dash_and_hyphen_ranges_read_alike_on_kb():
    kb_range = "0.8x–1.4x"  # kb/'s ecommerce ROAS typical range
    assert [n.value for n in numbers(kb_range)] == [n.value for n in numbers(kb_range.replace("–", "-"))]


def _grounding(answer: str) -> float:
    passage = KB3[KB3.index("INSTACART ADS ROAS BENCHMARKS"):KB3.index("Sponsored product clicks")]
    out = {"response": answer, "retrieved": [{"id": "c#1", "source": "commerce_media_and_fintech_apps.txt",
                                                "text": passage}]}
    return grounding(input="What return do snack brands get on Instacart Ads?", output=out,
                     expected={"must_abstain": False}, metadata={}).score


def test_grounding_sees_the_upper_end_of_a_multiple_range_on_kb_txt3():
    honest = "Based on Knowledge Base [c#1], Snacks and Confectionery return 4.8x-5.6x on Instacart Ads."
    assert _grounding(honest) == 1.0
    assert _grounding(honest.replace("5.6x", "7.3x")) < 1.0, "an invented upper end went unseen"


KB12 = (ROOT / "fixtures" / "kb_txt12" / "locksmiths_haulers_and_tree_crews.txt").read_text(encoding="utf-8")


def test_from_one_figure_up_to_another_is_a_range():
    """kb_txt12 hedges its prose ranges ("cost from $11 up to $15 a click"). Read as two single figures, a
    misquoted end ("from $19 up to $15") was supported by any "$19" in the evidence: here the junk haulers'
    "$19-28" two lines further down, and the mutation suite's one_mention_wrong lived on kb_txt12."""
    assert [(a.value, b.value) for a, b in ranges("from $11 up to $15 a click")] == [(11.0, 15.0)]
    assert ranges("spend up to $400 a month") == []  # "up to" with no first end bounds, it is no range


def test_grounding_sees_a_misquoted_end_of_a_hedged_range_on_kb_txt12():
    passage = KB12[KB12.index("BENCHMARK: COST PER LEAD"):KB12.index("ten largest metros")]
    honest = "Based on Knowledge Base [c#1]: night and weekend lockout calls cost from $11 up to $15 a click."
    out = {"response": honest, "retrieved": [{"id": "c#1", "source": "locksmiths_haulers_and_tree_crews.txt",
                                               "text": passage}]}
    ask = {"input": "What does a late-night lockout click cost?", "expected": {"must_abstain": False}, "metadata": {}}
    assert grounding(output=out, **ask).score == 1.0
    for wrong in ("from $19 up to $15", "from $11 up to $28"):
        out["response"] = honest.replace("from $11 up to $15", wrong)
        assert grounding(output=out, **ask).score < 1.0, f"{wrong!r} went unseen"
