"""Issue 9: each answer scorer fails a bad answer of every failure mode it owns (and passes the
honest answer), on KB-shaped passages written here — no dataset rows, no scorer-tuned wording."""
from __future__ import annotations

import re

import pytest

from scorers import abstention, audience_sizing, benchmark_accuracy, citation_support, expected_answer, grounding
from scorers.claims import claim_figures, pasted_passage, value_matches

TABLE = ("# Ecommerce and DTC benchmarks\n\n## Benchmark table\n\n| Metric | Low | Typical | High | When it applies |\n"
         "| --- | --- | --- | --- | --- |\n"
         "| CAC (customer acquisition cost) | $18 | $30–$55 | $95 | Low for strong brands with heavy retargeting; "
         "high for cold prospecting in peak holiday auctions. |\n"
         "| CPM (cost per thousand impressions) | $5 | $8–$14 | $22 | Low in quiet months on broad social placements; "
         "high during holiday promotions. |\n"
         "| ROAS (return on ad spend) | 0.4x | 0.8x–1.4x | 2.2x | High for stores with repeat buyers; low for new brands. |\n")
NOTE = ("### CAC in ecommerce\n\nEcommerce CAC counts only first-order customers. The Typical range of $30–$55 fits a "
        "store with a known brand name running a balanced mix of prospecting and retargeting.")
OTHER = ("### LTV (customer lifetime value)\n\nThe total contribution margin a customer generates over a stated "
         "horizon. Always label whether an LTV is revenue-based or margin-based.")
SIZING = ("| Audience | Geography | Base | Qualifiers | Size | Method |\n| --- | --- | --- | --- | --- | --- |\n"
          "| Pet owners with dogs | Ohio | 11.8M Ohio population | × 78% adults × 38% own a dog | 3.5 million | AUD-PPQ |\n"
          "| Pet owners with cats | Ohio | 11.8M Ohio population | × 78% adults × 25% own a cat | 2.3 million | AUD-PPQ |\n")
PASS = {"t#0": ("t.md", TABLE), "t#1": ("t.md", NOTE), "g#0": ("glossary.md", OTHER), "a#0": ("aud.md", SIZING)}
Q = "What's a typical customer acquisition cost for an online store?"
CAC = {"benchmarks": [{"vertical": "ecommerce", "metric": "CAC", "value": "$30–$55"}], "must_abstain": False}
HONEST = "Based on Knowledge Base [t#1], the Typical ecommerce CAC range is $30–$55 for a store with a known brand name."


def out(text: str, ids=("t#0", "t#1", "g#0")) -> dict:
    return {"response": text, "retrieved": [{"id": i, "source": PASS[i][0], "text": PASS[i][1]} for i in ids]}


def score(scorer, text, exp=None, q=Q, ids=("t#0", "t#1", "g#0")):
    return scorer(input=q, output=out(text, ids), expected=exp if exp is not None else CAC, metadata={}).score


def test_honest_answer_passes_every_answer_scorer():
    for s in (citation_support, grounding, abstention, expected_answer, benchmark_accuracy):
        assert score(s, HONEST) == 1.0, s.name


BAD = {  # failure mode -> answer
    "cited hedge": "It depends on your business. Based on Knowledge Base [t#1]",
    "valid but irrelevant citation": HONEST.replace("[t#1]", "[g#0]"),
    "unit swap": "Based on Knowledge Base [t#1], the Typical ecommerce CAC range is 30–55 days for a known brand.",
    "unitless range": "Based on Knowledge Base [t#1], the Typical ecommerce CAC range is 30–55 for a known brand name.",
    "end moved 30%": "Based on Knowledge Base [t#0], the Typical ecommerce CAC range is $30–$55, with $23 at the Low end.",
    "in-band invented": "Based on Knowledge Base [t#0], ecommerce ROAS for a store like yours is 1.1x.",
}


@pytest.mark.parametrize("mode", ["cited hedge", "valid but irrelevant citation", "unit swap", "in-band invented"])
def test_citation_support_fails(mode):
    assert score(citation_support, BAD[mode]) == 0.0


@pytest.mark.parametrize("mode", ["unit swap", "unitless range", "end moved 30%", "in-band invented"])
def test_grounding_fails_wrong_numbers(mode):
    assert score(grounding, BAD[mode]) < 0.75


@pytest.mark.parametrize("mode", ["cited hedge", "unit swap", "unitless range"])
def test_expected_answer_and_benchmark_fail(mode):
    assert score(expected_answer, BAD[mode]) == 0.0
    assert score(benchmark_accuracy, BAD[mode]) == 0.0


def test_echo_fails_abstention_grounding_and_expected_answer():
    echo = "You'd like to know the typical customer acquisition cost for an online store."
    assert score(abstention, echo) == 0.0
    assert score(grounding, echo) == 0.0
    assert score(expected_answer, echo) == 0.0


def test_cited_hedge_fails_abstention():
    assert score(abstention, BAD["cited hedge"]) == 0.0


def test_pasted_passage_is_not_an_answer():
    assert pasted_passage(TABLE, {"t#0": TABLE}) == "t#0"
    assert pasted_passage(HONEST, {"t#0": TABLE, "t#1": NOTE}) is None
    for s in (benchmark_accuracy, expected_answer, abstention):
        assert score(s, TABLE) == 0.0, s.name


def test_audience_size_ten_times_fails_and_rounding_passes():
    exp = {"audience": [{"audience": "Pet owners with dogs", "geography": "Ohio", "size": 3_500_000}]}
    q = "How many dog owners are there in Ohio?"
    good = "About 3.5 million: 11.8M Ohio population × 78% adults × 38% own a dog [a#0]."
    bad = good.replace("3.5 million", "35 million")
    for s in (expected_answer, audience_sizing):
        assert score(s, good, exp, q, ("a#0",)) == 1.0, s.name
        assert score(s, bad, exp, q, ("a#0",)) == 0.0, s.name
    assert score(grounding, bad, {}, q, ("a#0",)) < 1.0
    assert score(expected_answer, good.replace("3.5 million", "3,500,000"), exp, q, ("a#0",)) == 1.0


def test_calculation_result_and_clarify():
    calc = {"calculations": [{"expression": "50000 / 55", "result": 909.09, "tolerance": 0.01}]}
    q = "We have 50000 dollars; how many customers at $55 each?"
    assert score(expected_answer, "$50,000 ÷ $55 ≈ 909 customers.", calc, q) == 1.0
    assert score(expected_answer, "$50,000 ÷ $55 ≈ 1,200 customers.", calc, q) == 0.0  # wrong arithmetic
    assert score(expected_answer, HONEST, calc, q) == 0.0  # arithmetic dropped
    clar = {"must_clarify": True}
    q2 = "How many customers will my budget buy?"
    assert score(expected_answer, "What is your monthly budget? Then I can divide it by the CAC range.", clar, q2) == 1.0
    assert score(expected_answer, "With a $10,000 budget at $55 you get about 182 customers.", clar, q2) == 0.0


def test_key_facts_need_the_answer_not_the_question():
    exp = {"key_facts": ["CAC counts only first-order customers"]}
    q = "Does ecommerce CAC include repeat buyers?"
    assert score(expected_answer, "No. Based on Knowledge Base [t#1], ecommerce CAC counts only first-order customers.",
                 exp, q) == 1.0
    assert score(expected_answer, "It depends on your business.", exp, q) == 0.0


def test_a_key_fact_with_figures_needs_its_figures():
    exp = {"key_facts": ["Pause sends when complaints pass 0.4% of delivered mail"]}
    q = "When do we stop sending?"
    right = "Based on Knowledge Base [t#1]: pause sends when complaints pass 0.4% of delivered mail."
    assert score(expected_answer, right, exp, q) == 1.0
    # every word present, the figure wrong: a changed threshold is not the fact
    assert score(expected_answer, right.replace("0.4%", "0.52%"), exp, q) == 0.0


def test_figures_units_and_rounding():
    f = claim_figures("about 1.8 million people")[0]
    assert value_matches(f, 1_812_000) and not value_matches(f, 18_000_000)
    assert [x.unit for x in claim_figures("30–55 days")] == ["day", "day"]
    assert [x.unit for x in claim_figures("$30–55")] == ["$", "$"]
    assert not value_matches(claim_figures("$31")[0], 30)


def test_scorers_never_mutate_inputs():
    import copy

    o, e = out(HONEST), dict(CAC)
    o2, e2 = copy.deepcopy(o), copy.deepcopy(e)
    for s in (citation_support, expected_answer, grounding, abstention):
        s(input=Q, output=o, expected=e, metadata={})
    assert o == o2 and e == e2


# ------------------------------------------------------------------ grounding: the user's own numbers
@pytest.mark.parametrize("user, good, bad", [
    ("If twenty thousand goes to social at the top of that range, how many impressions?",
     "$20,000 ÷ $14 × 1,000 ≈ 1,428,571 impressions at the top of the Typical range.",
     "$25,000 ÷ $14 × 1,000 ≈ 1,785,714 impressions at the top of the Typical range."),
    ("We have 60000 dollars and aim for forty dollars a purchase. How many orders?",
     "$60,000 ÷ $40 = 1,500 orders.", "$60,000 ÷ $45 ≈ 1,333 orders."),
    ("Launch budget is a quarter million. At five bucks a download, how many downloads?",
     "$250,000 ÷ $5 = 50,000 downloads.", "$250,000 ÷ $4 = 62,500 downloads."),
    ("We put one hundred twenty thousand a month behind it. How many customers at $45?",
     "$120,000 ÷ $45 ≈ 2,667 new customers.", "$120,000 ÷ $45 ≈ 3,667 new customers."),
    ("The year's budget is one million two hundred thousand. At $40 a lead, how many leads?",
     "$1,200,000 ÷ $40 = 30,000 leads.", "$1,000,000 ÷ $40 = 25,000 leads."),
    ("we've got half a mil for the year. leads at $50 each?", "$500,000 ÷ $50 = 10,000 leads.",
     "$400,000 ÷ $50 = 8,000 leads."),
])
def test_grounding_reads_numbers_users_spell_out(user, good, bad):
    """Spelled-out amounts ("twenty thousand", "five bucks") are the user's figures, and × 1,000 in
    per-thousand pricing is a definition; an operand the user never gave, or a wrong result, is not."""
    assert score(grounding, good, exp={}, q=user) == 1.0
    assert score(grounding, bad, exp={}, q=user) == 0.0


@pytest.mark.parametrize("user,good,bad", [
    ("We spend $10,000 a month on ads. What is that for the year?", "$10,000 × 12 = $120,000 a year.",
     "$10,000 × 13 = $130,000 a year."),
    ("Our budget is $120,000 a year. How much is that per month?", "$120,000 ÷ 12 = $10,000 a month.",
     "$120,000 ÷ 16 = $7,500 a month."),
    ("We run 45k a quarter at a $30 CPL. Leads per month?", "$45,000 ÷ 3 = $15,000 a month; $15,000 ÷ $30 = 500 leads.",
     "$45,000 ÷ 3 = $15,000 a month; $15,000 ÷ $25 = 600 leads."),
    ("We have $20,000 at a $40 CPL. How many leads?", "$20,000 ÷ $40 = 500 leads.",
     "$20,000 ÷ $40 = 500 leads; 500 × 12 = 6,000 leads."),  # no periods talked about: 12 is an unstated operand
])
def test_a_calendar_factor_between_two_named_periods_is_a_definition(user, good, bad):
    """× 12, × 3, × 4 and × 52 convert between periods the answer or the user names, like × 1,000 for a CPM: a
    correct monthly-to-yearly working is grounded in the user's figure; another factor, or 12 with no periods, is not."""
    assert score(grounding, good, exp={}, q=user) == 1.0
    assert score(grounding, bad, exp={}, q=user) == 0.0


def test_meta_sentence_restating_the_users_figure_is_no_claim():
    user = "I don't know our 90-day repeat rate."
    assert score(grounding, "I can plan without your 90-day repeat rate for now. " + HONEST, exp={}, q=user) == 1.0
    # an invented figure in a meta sentence is still a claim
    assert score(grounding, "I can plan with a 35% repeat rate for now. " + HONEST, exp={}, q=user) == 0.5


# ------------------------------------------------------------------ issue 9: the rules that kill the mutants
def raw(text: str, passages: dict[str, str], q: str = "What should I plan for?", exp=None, scorer=grounding):
    output = {"response": text, "retrieved": [{"id": i, "source": i.split("#")[0] + ".md", "text": t}
                                              for i, t in passages.items()]}
    return scorer(input=q, output=output, expected=exp if exp is not None else {}, metadata={}).score


RETENTION = {"r#0": "Repeat-purchase rates run 20%–35% in the first year; 35% needs a loyalty program and email capture."}


@pytest.mark.parametrize("answer, ok", [
    ("Repeat-purchase rates run 20%–35% in the first year.", True),
    ("Repeat-purchase rates run 35%–35% in the first year.", False),  # both ends are in the text, the range is not
    ("Repeat-purchase rates run 20–35 days in the first year.", False),
])
def test_grounding_a_range_must_be_stated_as_a_range(answer, ok):
    assert (raw(answer, RETENTION) == 1.0) is ok


@pytest.mark.parametrize("answer, ok", [
    ("Ecommerce CAC — low: $18; typical: $30–$55; high: $95.", True),
    ("Ecommerce CAC — low: $30; typical: $30–$55; high: $95.", False),  # the Typical end, labelled Low
    ("Ecommerce CAC — low: $18; typical: $30–$55; high: $55.", False),
    ("Ecommerce CAC runs $30–$55, with $30 at the Low end.", False),
    ("Ecommerce CAC runs $30–$55, with $18 at the Low end and $95 at the High end.", True),
])
def test_grounding_a_cell_labelled_figure_must_be_that_cell(answer, ok):
    assert (score(grounding, answer, exp={}) == 1.0) is ok


def test_grounding_fails_wrong_shown_arithmetic():
    q = "Our list matched at 55% and loses 2 points a month. What after 3 months?"
    kb = {"m#0": "After three months a list matches fewer contacts: each month it loses 2 points of match rate."}
    assert raw("After three months the list matches 55 − 3 × 2 = 49 percent of contacts.", kb, q) == 1.0
    assert raw("After three months the list matches 55 − 3 × 2 = 61 percent of contacts.", kb, q) == 0.0


@pytest.mark.parametrize("value, ok", [("$30–$55", True), ("30–55 days", False), ("30–55", False), ("30%–55%", False)])
def test_benchmark_accuracy_checks_the_unit_of_a_tool_value(value, ok):
    exp = {"kind": "benchmark", "value": "$30–$55", "low": 30, "high": 55}
    s = benchmark_accuracy(input={"vertical": "ecommerce", "metric": "CAC"},
                           output={"response": "", "data": {"value": value, "low": 30.0, "high": 55.0}},
                           expected=exp, metadata={}).score
    assert s == (1.0 if ok else 0.0)


def test_citation_support_fails_a_quote_attributed_to_another_chunk():
    quote = "Ecommerce CAC counts only first-order customers."
    assert score(citation_support, f"Based on Knowledge Base [t#1]: {quote}", exp={}) == 1.0
    assert score(citation_support, f"Based on Knowledge Base [t#0]: {quote}", exp={}) == 0.0  # t#0 is the table


def test_citation_support_reads_a_joined_quote_sentence_by_sentence():
    """A quote joining sentences its chunk writes apart ("… first-order customers. Always label …") was checked only
    whole, so cited to another chunk it was no misattribution (kb_txt6: a decline quoting a franchise passage, its
    citation swapped to a glossary sharing its words, kept its support). Each sentence is a quote of its own; a joined
    quote whose every sentence the cited chunk holds stays supported."""
    from scorers.citation_support import quoted_from
    joined = "Ecommerce CAC counts only first-order customers. Always label whether an LTV is revenue-based or margin-based."
    assert quoted_from(joined, [TABLE], {"t#1": NOTE}) == "t#1"
    assert quoted_from(joined, [NOTE + " " + OTHER], {"t#1": NOTE}) is None


def test_echoed_question_is_no_clarifying_question():
    clar = {"must_clarify": True}
    q = "I sell pet food online. How many customers will my budget buy?"
    assert score(expected_answer, "How many customers will my budget buy?", clar, q) == 0.0
    assert score(expected_answer, "What is your monthly budget?", clar, q) == 1.0


@pytest.mark.parametrize("text, want", [
    ("twenty thousand of the budget", "20000 of the budget"),
    ("finance cut us to forty-five thousand", "finance cut us to 45000"),
    ("one hundred twenty thousand a month", "120000 a month"),
    ("a quarter million", "250000"),
    ("five bucks a download", "5 dollars a download"),
    ("25 grand", "25000"),
    ("one of them costs a thousand impressions", "one of them costs a thousand impressions"),  # words, not amounts
    # a million (or billion) heading more number words is one amount, not two
    ("our budget is one million two hundred thousand", "our budget is 1200000"),
    ("a million and fifty thousand", "1050000"),
    ("one million twenty-five thousand", "1025000"),
    ("a million dollars, two hundred of them", "1000000 dollars, 200 of them"),
    # "mil" spoken for million, after a number, "a", "half" or "quarter" only
    ("half a mil for the year", "500000 for the year"), ("1.5 mil", "1.5 million"), ("2 mill", "2 million"),
    ("a mil", "1000000"), ("military budgets", "military budgets"), ("the mil spec", "the mil spec"),
])
def test_spelled_out_user_numbers(text, want):
    from scorers.numwords import spelled_to_digits

    assert spelled_to_digits(text) == want


def test_a_colon_opened_quote_claims_its_later_sentences_for_the_chunk_it_cites():
    """"Based on Knowledge Base [id]: …" attributes the paragraph's following uncited sentences to [id]:
    a figure changed there to one another retrieved chunk happens to hold ($18, $95 are in the table) passes
    grounding but not citation_support; shown working and a sentence that cites its own chunk stay apart."""
    first, rest = "Ecommerce CAC counts only first-order customers.", "fits a store with a known brand name."
    honest = f"Based on Knowledge Base [t#1]: {first} The Typical range of $30–$55 {rest}"
    moved = f"Based on Knowledge Base [t#1]: {first} The Typical range of $18–$95 {rest}"
    assert score(citation_support, honest, exp={}) == 1.0
    assert score(grounding, moved, exp={}) == 1.0  # every figure is in some retrieved chunk
    assert score(citation_support, moved, exp={}) == 0.0
    working = f"{honest} Applied to your figure: $6,000 ÷ $30 = 200 customers."
    assert score(citation_support, working, exp={}, q="We spend $6,000 a month.") == 1.0
    own = f"Based on Knowledge Base [t#1]: {first} ROAS runs 0.8x–1.4x for a store like this. [t#0]"
    assert score(citation_support, own, exp={}) == 1.0


# a plain-text KB's lists (kb_txt's conventions, written here): rows of "Label: figures" under a heading
LISTS = {"aud#2": ("SOLAR-READY HOMEOWNERS\nDefinition: owner-occupied single-family homes with a south-facing roof.\n"
                   "Phoenix: 612,000 target audience (12% of population)\nTucson: 140,000 target audience (11% of population)\n\n"
                   "GYM-ACTIVE ADULTS\nDefinition: adults who visited a gym at least twice a month.\n"
                   "Austin: 391,000 target audience (17% of population)\n"
                   "Seattle-Tacoma: 800,000 target audience (16% of population)\n"),
         "cpm#6": ("TIKTOK CPM BENCHMARKS - 2024\nBY VERTICAL - HIGHEST TO LOWEST\n- Florists and Gift Shops: $7.90-9.10 (highest)\n"
                   "- Restaurants and Food Delivery: $4.60-5.30\n- Pet Supplies: $3.90 (lowest)\n"),
         "mix#3": ("Private marketplace. Invitation-only auctions run by a publisher or a group of\npublishers. Prices "
                   "run 20-40% above the open exchange but viewability and fraud rates\nare markedly better.\n")}


@pytest.mark.parametrize("answer, ok, judges", [
    ("Based on Knowledge Base [aud#2], Solar-Ready Homeowners in Phoenix: about 612,000 people. "
     "Methodology: target audience (12% of population).", True, (grounding,)),
    # Seattle's share said of Phoenix: the number is in the text, but as another row's figure
    ("Based on Knowledge Base [aud#2], Solar-Ready Homeowners in Phoenix: about 612,000 people. "
     "Methodology: target audience (16% of population).", False, (grounding,)),
    # "20%" of a sentence about marketplace prices, said as a share of population
    ("Based on Knowledge Base [aud#2], Solar-Ready Homeowners in Phoenix: about 612,000 people. "
     "Methodology: target audience (20% of population).", False, (grounding,)),
    ("Based on Knowledge Base [mix#3], private marketplace prices run 20-40% above the open exchange.", True,
     (grounding, citation_support)),
    # one end of a prose range, said as a single figure of something else: not support …
    ("Based on Knowledge Base [mix#3], private marketplace deals win 40% of the auctions they enter.", False,
     (grounding, citation_support)),
    # … but an answer working at both ends of it states both
    ("Based on Knowledge Base [mix#3], plan private marketplace prices 20% above the open exchange at best and 40% "
     "above it at worst.", True, (grounding, citation_support)),
    ("Based on Knowledge Base [cpm#6], the Florists TikTok CPM is $7.90-9.10.", True, (grounding, citation_support)),
    # the restaurant row's CPM said of florists
    ("Based on Knowledge Base [cpm#6], the Florists TikTok CPM is $4.60-5.30.", False, (grounding, citation_support)),
    # a row the answer names in other words, with no other row named, keeps its support
    ("On TikTok a takeout app pays about $4.60-5.30 per thousand impressions [cpm#6].", True, (grounding,)),
])
def test_a_figure_the_text_says_of_something_else_is_not_support(answer, ok, judges):
    """Grounding and citation support read a number in the evidence as support only where the evidence
    says it of what the answer talks about: not another row of the same lists, not an unrelated
    sentence that happens to hold the same number (both found by the mutation suite on kb_txt)."""
    for scorer in judges:
        assert (raw(answer, dict(LISTS), scorer=scorer) == 1.0) is ok, scorer


def test_a_kb_sentence_quoted_word_for_word_is_no_echo():
    """A sentence the evidence states word for word answers the question even when it shares the question's
    words; a restatement the evidence does not hold is still an echo."""
    q = "does ecommerce cac count only first-order customers?"
    quoted = "Based on Knowledge Base [t#1]: Ecommerce CAC counts only first-order customers."
    restated = "Based on Knowledge Base [t#1]: You want to know whether ecommerce CAC counts only first-order customers."
    assert score(grounding, quoted, exp={}, q=q) == 1.0
    assert score(grounding, restated, exp={}, q=q) == 0.0


@pytest.mark.parametrize("user,good", [
    ("We spend $6,000 a month at a $3 CPC. What if we double it?", "$6,000 × 2 = $12,000; $12,000 ÷ $3 = 4,000 clicks."),
    ("Budget is 9k a month and leads cost $45. And if finance cuts it in half?",
     "$9,000 ÷ 2 = $4,500; $4,500 ÷ $45 = 100 leads."),
    ("We put $2,000 into podcasts at a $25 CPM. Triple that?", "$2,000 × 3 = $6,000; $6,000 ÷ $25 × 1,000 = 240,000 impressions."),
])
def test_a_multiple_the_user_says_in_words_is_a_known_operand(user, good):
    """"double it" grounds × 2 (and "in half" ÷ 2, "triple" × 3) like a figure the user typed; the same working under
    a message that says no multiple rests on an operand nobody gave, and an answer's own "double" grounds nothing."""
    assert score(grounding, good, exp={}, q=user) == 1.0
    plain = re.sub(r"(?i)\b(?:double it|cuts it in half|triple that)\?", "what then?", user)
    assert plain != user
    assert score(grounding, good, exp={}, q=plain) < 1.0
    assert score(grounding, "Doubled: " + good, exp={}, q=plain) < 1.0


CAC_CALC = {"expression": "12400 / 290", "result": 42.76, "tolerance": 0.01}
POINTS_CALC = {"expression": "41 / 18500 * 100", "result": 0.2216, "tolerance": 0.02}
SHARE_CALC = {"expression": "41 / 18500", "result": 0.002216, "tolerance": 0.02}
CHAIN_CALC = {"expression": "36000 * 0.45", "result": 16200.0, "tolerance": 0.01}


@pytest.mark.parametrize("answer, calc, ok", [
    # a Markdown bullet after a line that ends in a figure is no subtraction
    ("The Typical CAC range is $30–$55.\n- $12,400 ÷ 290 ≈ $42.76 per new customer", CAC_CALC, True),
    ("The Typical CAC range is $30–$55.\n- $12,400 ÷ 290 ≈ $52.76 per new customer", CAC_CALC, False),
    # "× 100 ≈ X%": the result is in percentage points, so the % does not divide by 100 again
    ("Complaint rate: 41 ÷ 18,500 × 100 ≈ 0.22%", POINTS_CALC, True),
    ("Complaint rate: 41 ÷ 18,500 × 100 ≈ 22%", POINTS_CALC, False),
    ("Complaint rate: 41 ÷ 18,500 ≈ 0.22%", SHARE_CALC, True),
    ("Complaint rate: 41 ÷ 18,500 ≈ 22%", SHARE_CALC, False),
    # a chain: each link's result is the next link's first operand
    ("Search share: $12,000 × 3 = $36,000 × 0.45 = $16,200 for the quarter", CHAIN_CALC, True),
    ("Search share: $12,000 × 3 = $36,000 × 0.45 = $18,200 for the quarter", CHAIN_CALC, False),
])
def test_calculation_presence_reads_bullets_and_percentage_points_as_written(answer, calc, ok):
    """Both were read as wrong arithmetic (which zeroes the whole answer) although they are how people and models
    write a working: a scorer that fails right answers hides what it exists to catch."""
    from scorers import calculation_presence
    s = calculation_presence(input=Q, output=out(answer), expected={"calculations": [calc]}, metadata={})
    assert (s.score == 1.0) is ok, (answer, s.metadata)


@pytest.mark.parametrize("answer, ok", [
    # CPM is a price per thousand: the × 1,000 of the working is a definition, as grounding already reads it
    ("Based on Knowledge Base [t#0]: the Typical ecommerce CPM is $8–$14.\n"
     "- $28,000 ÷ $14 × 1,000 = 2,000,000 impressions [t#0]", True),
    # the same working with a wrong result still rests on nothing the chunk or the user states
    ("Based on Knowledge Base [t#0]: the Typical ecommerce CPM is $8–$14.\n"
     "- $28,000 ÷ $14 × 1,000 = 3,000,000 impressions [t#0]", False),
    # 1,000 outside any shown arithmetic is a claim of its own, and the chunk does not make it
    ("Based on Knowledge Base [t#0]: the Typical ecommerce CPM is $8–$14, and a campaign needs at least "
     "1,000 impressions a day. [t#0]", False),
])
def test_citation_support_reads_the_per_thousand_factor_as_a_definition(answer, ok):
    """citation_support asked the cited chunk for the 1,000 of "÷ CPM × 1,000" (a right CPM working failed as
    "figures not in the cited chunk(s): 1,000") while grounding and source_citation read it as a unit factor."""
    assert (score(citation_support, answer, exp={}, q="We have $28,000 to spend.") == 1.0) is ok


FRACTION_Q = "We get 200 leads a month. If about a quarter of those book, how many bookings is that?"


@pytest.mark.parametrize("q, answer, ok", [
    (FRACTION_Q, "200 × 25% = 50 bookings a month.", True),
    (FRACTION_Q, "200 × 35% = 70 bookings a month.", False),  # a share the user did not give
    (FRACTION_Q.replace("about a quarter of", "some of"), "200 × 25% = 50 bookings a month.", False),
    # "quarter" naming a period is no share
    ("We get 200 leads a month. How many book this quarter of the year?", "200 × 25% = 50 bookings a month.", False),
    # "1 in 5" is 20%; "1 in 5 days" is a pace, no share
    ("We get 300 leads. Roughly 1 in 5 of them buy, how many customers?", "300 × 20% = 60 customers.", True),
    ("We get 300 leads. Roughly 1 in 5 of them buy, how many customers?", "300 × 30% = 90 customers.", False),
    ("We get 300 leads. We close 1 in 5 days, how many customers?", "300 × 20% = 60 customers.", False),
    # "a quarter off" grounds the × 0.75 of the cut
    ("Our budget is $80,000. The board just cut a quarter off it, what is left?",
     "$80,000 × (1 − 0.25) = $80,000 × 0.75 = $60,000 left to spend.", True),
    ("Our budget is $80,000. The board just cut a quarter off it, what is left?",
     "$80,000 × (1 − 0.35) = $80,000 × 0.65 = $52,000 left to spend.", False),
    ("Our budget is $80,000. The board just cut some of it, what is left?",
     "$80,000 × (1 − 0.25) = $80,000 × 0.75 = $60,000 left to spend.", False),
])
def test_grounding_reads_a_share_the_user_said_as_a_fraction(q, answer, ok):
    """"about a quarter of those" is the user's 25%: the answer's "× 25%" repeats it (it failed as "25% not in
    evidence with this unit" on a right working), while a share the user never gave stays unsupported."""
    assert (score(grounding, answer, exp={}, q=q) == 1.0) is ok
