"""The mutation suite (``python -m evals.mutation``): the mutants rewrite answers as intended, and
the scorers + gate kill them. The full kill matrix runs as a step of ``make test``
(``python -m evals.mutation --check``); here, each mutant on sample answers, and the kill matrix
of every gated case (slow)."""
from __future__ import annotations

import pytest

from evals.mutants import BY_NAME, MUTANTS, TurnContext

ANSWER = ("Here is the calculation:\n- $50,000 ÷ $55 ≈ 909 new customers\n\n"
          "Based on Knowledge Base [benchmarks-ecommerce#0], the Typical ecommerce CAC range is $30–$55, with $18 at "
          "the Low end and $95 at the High end; CTR runs 0.9%. The audience is about 6.7 million people. "
          "[benchmarks-ecommerce#2]")
CTX = TurnContext(user="We have 50000 dollars. How many customers at $55?",
                  seen_ids=["benchmarks-ecommerce#0", "glossary#6", "benchmarks-ecommerce#2"],
                  turn_ids=["benchmarks-ecommerce#0", "benchmarks-ecommerce#2"],
                  sources={"glossary#6": "glossary.md"}, evidence="$30–$55 $18 $95 0.9% 6.7 million",
                  kb_ids=["benchmarks-ecommerce#5", "measurement#3", "glossary#6"])
DECLINE = "The knowledge base does not contain information that answers this question."


def m(name: str, text: str = ANSWER, ctx: TurnContext = CTX):
    return BY_NAME[name].apply(text, ctx)


def test_at_least_fifteen_distinct_mutants():
    assert len(MUTANTS) >= 15 and len(BY_NAME) == len(MUTANTS)


@pytest.mark.parametrize("name, present, absent", [
    ("numbers_up_30", ["$39–$72", "$23", "$124", "1.2%"], ["$30–$55"]),
    ("numbers_down_30", ["$21–$38", "$13", "0.6%"], ["$30–$55"]),
    ("one_mention_wrong", ["$51–$55", "$18", "$95"], ["$30–$55"]),
    ("in_band_shift", ["$40–$65", "$18", "$95"], ["$30–$55"]),
    ("units_swapped", ["30–55 days", "18 days", "0.9 days"], ["$30", "$18"]),
    ("audience_x10", ["67.0 million"], ["6.7 million"]),
    ("citation_swapped", ["[glossary#6]"], ["[benchmarks-ecommerce#0]", "[benchmarks-ecommerce#2]"]),
    ("citation_never_retrieved", ["[measurement#3]"], ["[benchmarks-ecommerce#0]"]),
    ("citations_removed", ["$30–$55"], ["[", "Knowledge Base"]),
    ("arithmetic_dropped", ["$30–$55"], ["÷", "909"]),
    ("arithmetic_wrong", ["$50,000 ÷ $55 ≈ 1136"], ["≈ 909"]),
    ("unsupported_claim", [ANSWER, "4.37x"], []),
    ("abstain_on_answerable", ["does not contain"], ["$30"]),
    ("cited_hedge", ["It depends on your business. Based on Knowledge Base [benchmarks-ecommerce#0]"], ["$30"]),
    ("echo", [CTX.user], ["$30–$55"]),
])
def test_mutant_rewrites_the_answer(name, present, absent):
    out = m(name)
    assert out is not None, f"{name} did not apply"
    for s in present:
        assert s in out, f"{name}: {s!r} missing from {out!r}"
    for s in absent:
        assert s not in out, f"{name}: {s!r} still in {out!r}"
    # the calculation on the user's own numbers belongs to the arithmetic mutants only
    if name in ("numbers_up_30", "numbers_down_30", "one_mention_wrong", "in_band_shift", "units_swapped"):
        assert "$50,000 ÷ $55 ≈ 909" in out


def test_mutants_apply_only_where_they_mean_something():
    assert m("confident_out_of_scope") is None  # the answer did not decline
    assert "$42" in m("confident_out_of_scope", DECLINE)
    for name in ("abstain_on_answerable", "cited_hedge", "unsupported_claim"):
        assert m(name, DECLINE) is None, name
    plain = "Start with objectives, then unit economics."
    for name in ("numbers_up_30", "units_swapped", "citation_swapped", "arithmetic_wrong", "audience_x10"):
        assert m(name, plain) is None, name


def test_a_decline_opened_with_another_businesss_figure():
    ctx = TurnContext(user="we run a tattoo studio, what cost per lead should we expect?", turn_ids=["l#3"],
                      seen_ids=["l#3"], texts={"l#3": "COST PER BOOKED CALL - 2025\n- Tattoo and Piercing: $55\n"
                                                      "- Personal Injury Law Firms: $410-520 (highest)"})
    out = m("decline_opens_with_figure", DECLINE, ctx)
    assert out == f"Based on Knowledge Base [l#3]: Personal Injury Law Firms: $410-520 (highest)\n\n{DECLINE}"
    assert m("decline_opens_with_figure", ANSWER, ctx) is None  # not a decline
    assert m("decline_opens_with_figure", f"{DECLINE} Yours may be near $50.", ctx) is None  # it states a figure already
    earlier = TurnContext(user="and what about a law firm?", earlier=["we are personal injury lawyers"], turn_ids=["l#3"],
                          texts={"l#3": "- Personal Injury Law Firms: $410-520"})
    assert m("decline_opens_with_figure", DECLINE, earlier) is None  # the conversation's own business is no other's


def test_chunk_ids_and_identifiers_are_never_numbers():
    text = "Use KPI-NC-01 and MPA-10 step 3 [benchmarks-ecommerce#0]: CAC $30–$55."
    out = m("numbers_up_30", text)
    assert "KPI-NC-01" in out and "MPA-10" in out and "[benchmarks-ecommerce#0]" in out and "$39–$72" in out


def test_tool_payloads_are_mutated_consistently():
    d = BY_NAME["numbers_up_30"].apply_data({"value": "$30–$55", "low": 30.0, "high": 55.0})
    assert d["value"] == "$39–$72" and d["low"] == 39.0 and d["high"] == 72.0
    d = BY_NAME["audience_x10"].apply_data({"size_text": "6.7 million", "total_size": 6.7e6})
    assert d["total_size"] == pytest.approx(6.7e7)
    assert BY_NAME["audience_x10"].apply_data({"value": "$30–$55"}) is None


@pytest.mark.slow
def test_kill_matrix():
    """The README's kill table: every mutant (≥ 16), on every case of the gated evals — the gate
    fails with it on every answer, and a gated scorer drops on every single turn it rewrites (a
    removal mutant: every turn that requires what it removes). ``make test`` runs the same check
    as ``python -m evals.mutation --check``; a scorer change that lets a mutant live fails both."""
    from evals.mutation import MutationSuite

    suite = MutationSuite()
    base = suite.prepare()
    assert base.passed, f"the baseline must pass the gate: {base.reasons}"
    results = suite.run()
    assert len(results) == len(MUTANTS) >= 16
    alive = {r.name: r.why_alive for r in results if not r.killed}
    assert not alive, f"live mutants: {alive}"
    assert all(r.one_turn_tests > 0 for r in results), "a mutant that is never tested on one turn proves nothing"


@pytest.mark.parametrize("removes, expect, answer, counted", [
    (None, {}, "Thanks!", True),  # a mutant that adds a lie is tested on every answer it rewrites
    ("citation", {"must_cite": True, "sources": ["a.md"]}, "CAC is $30–$55 [a#0].", True),
    ("citation", {}, "I can plan without it. Based on Knowledge Base [a#0]: …", False),  # nothing requires the cite
    ("citation", {"must_cite": True}, "CAC is $30–$55.", False),  # the answer cited nothing to remove
    ("calculation", {"calculations": [{"expression": "50000 / 55"}]}, "…", True),
    ("calculation", {"key_facts": ["x"]}, "… (55 − 3 × 2 = 49)", False),
    ("answer", {"must_abstain": False}, "…", True),
    ("answer", {"must_clarify": True, "must_cite": False}, "What is your budget?", True),
    ("answer", {"benchmarks": [{"value": "$30–$55"}]}, "…", True),
    ("answer", {"must_cite": False}, "Hey there!", False),  # small talk expects no content
    ("answer", {}, "I can plan without your LTV for now.", False),
    ("answer", {"must_abstain": True}, "Not in the knowledge base.", False),
])
def test_removal_mutants_count_only_where_the_turn_requires_what_they_remove(removes, expect, answer, counted):
    from evals.mutation import requires

    assert requires(removes, expect, answer) is counted


def test_every_removal_mutant_names_what_it_removes():
    kinds = {m.name: m.removes for m in MUTANTS}
    assert kinds["citations_removed"] == "citation"
    assert kinds["arithmetic_dropped"] == kinds["arithmetic_wrong"] == "calculation"
    assert kinds["abstain_on_answerable"] == kinds["echo"] == "answer"
    assert all(kinds[n] is None for n in ("numbers_up_30", "unsupported_claim", "citation_swapped", "cited_hedge"))


# ------------------------------------------------------------------ a KB that writes a range's unit once
TXT_ANSWER = ("Based on Knowledge Base [search_cpc_benchmarks#3], the Accountants CPC figures are: Bing Ads 2024: "
              "$4.30-4.80; Google Ads: $5.10-5.60. Conversion runs 2.70-3.10%.")


@pytest.mark.parametrize("name, present, absent", [
    ("numbers_up_30", ["$5.59-6.24", "$6.63-7.28", "3.51-4.03%"], ["4.80", "5.60", "3.10%"]),
    ("one_mention_wrong", ["$7.31-4.80", "$5.10-5.60"], ["$4.30"]),
    ("in_band_shift", ["$4.50-5.00", "$5.30-5.80", "2.86-3.26%"], ["$4.30-4.80"]),
    ("units_swapped", ["4.30-4.80 days", "2.70-3.10 days"], ["$4.30", "3.10%"]),
])
def test_a_range_written_with_its_unit_once_is_rewritten_at_both_ends(name, present, absent):
    """kb_txt-style ranges ("$4.30-4.80", "2.70-3.10%"): the second end follows a hyphen, which the
    number pattern's look-behind (kept so "MPA-10" is no number) does not see; both ends are the figure."""
    out = m(name, TXT_ANSWER)
    assert out is not None
    for p in present:
        assert p in out, (name, out)
    for a in absent:
        assert a not in out, (name, out)


def test_a_payload_with_several_facts_lies_in_every_one():
    """A look-up that found several figures lists them in ``facts``; the scorers read those, so the
    data form of a numeric mutant rewrites each fact and re-reads its ends."""
    data = {"value": "$4.30-4.80", "low": 4.3, "high": 4.8,
            "facts": [{"value": "$4.30-4.80", "low": 4.3, "high": 4.8}, {"value": "$5.10-5.60", "low": 5.1, "high": 5.6}]}
    out = BY_NAME["numbers_up_30"].apply_data(data)
    assert out["value"] == "$5.59-6.24" and (out["low"], out["high"]) == pytest.approx((5.59, 6.24))
    assert [f["value"] for f in out["facts"]] == ["$5.59-6.24", "$6.63-7.28"]
    assert out["facts"][1]["high"] == pytest.approx(7.28)
    assert data["facts"][0]["value"] == "$4.30-4.80"  # the original is left as it was
