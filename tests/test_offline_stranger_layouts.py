"""A stranger KB's own layouts and a conversation's own turns, read as people write and ask them: guidance written as
questions and answers (:mod:`agent.offline.qapairs`), a list asked for by its cheapest row (:mod:`~agent.offline.
extremerow`), a KB's own business label said as "for a …" (:mod:`~agent.offline.kbcovers`), "how many of them"
after a size (:mod:`~agent.offline.ofthem`), a band's clause and end (:mod:`~agent.offline.bandend`), a ceiling
asked with no value said (:mod:`~agent.offline.ceilingneed`), what one result earns and the share of it for ads
(:mod:`~agent.offline.roles`, :mod:`~agent.offline.mediashare`), a count at an end of a price quoted from prose
(:mod:`~agent.offline.prosecount`). Wording and passages of our own; pure functions, no KB built."""
from __future__ import annotations

import pytest

from agent.offline import bandend, ceilingneed, extremerow, kblabels, mediashare, ofthem, prosecount, qapairs, sizeshare
from agent.offline.memory import Memory
from agent.offline.parse import parse
from agent.offline.reader import extract
from agent.offline.sectionunits import units_of
from tests.unseen_wording import assert_unseen

FAQ = ("## Spending questions\n\nQ: How much of the budget do we keep aside for experiments?\nA: Set aside one eighth "
       "of each month's money, at least $400.\nUnused money rolls into next month's experiment.\n\n"
       "Q: Can a single marketplace get most of the money?\nA: No. A single marketplace never gets over 35% of what a "
       "client spends, since marketplaces change their fees overnight.\n\n"
       "Q: How early do we book the spring flights?\nA: Twelve weeks before the first flight.")
PRICES = ("## Booking sites for dog groomers\n\nThe rows are the price of one booked grooming visit.\n\n"
          "COST PER BOOKED VISIT - 2025\n- PawBook: $31 to $38\n- GroomNow: $24 to $29\n- Tidy Tails: $19 to $23\n")
ASKS = ["can a single marketplace take most of our money?", "which booking site is cheapest for a dog groomer?",
        "how many of those own a kayak?", "what's the most we should be paying to land a booking?",
        "we're fine with a quarter of that going to ads. what's our ceiling?",
        "if we put in 9000, how many members would sign at the top price?"]


def _ps(text: str, pid: str = "faq#0", source: str = "faq.txt › Spending questions") -> list[dict]:
    return [{"id": pid, "source": source, "text": text}]


def test_wording_is_our_own():
    assert_unseen(ASKS)


def test_an_answer_is_read_with_its_question_and_quoted_without_its_label():
    assert qapairs.pairs(FAQ)[1][0] == "Can a single marketplace get most of the money?"
    us = units_of(_ps(FAQ))
    cap = next(u for u in us if "35%" in u.text)
    assert "money" in cap.terms and "money" not in qapairs.unlabelled(cap.text)  # the question's word, not the answer's
    assert not any(u.text.startswith(("A:", "Q:")) for u in us)
    out = extract(ASKS[0], _ps(FAQ))
    assert out and "35%" in out and "eighth" not in out and "A:" not in out, out
    assert qapairs.question_of("No questions here. Just prose.", "Just prose.") == ""  # no FAQ: untouched


def test_the_cheapest_row_is_asked_by_its_value():
    out = extract(ASKS[1], _ps(PRICES, "groom#1", "groom.txt › Booking sites for dog groomers"))
    assert out and "Tidy Tails: $19 to $23" in out and "PawBook" not in out, out
    assert extremerow.end_asked("which is the priciest?") == "high" and extremerow.end_asked("is it cheap?") == ""


def test_a_kb_label_said_in_full_is_the_business_not_a_unit():
    kblabels.declare([{"name": "get_benchmark", "input_schema": {"properties": {"vertical": {
        "description": "Vertical. This knowledge base's own: Dog Groomers, Heat Pump Installers."}}}}])
    try:
        p = parse("Which marketplace is cheapest for a heat pump installer?")
        assert "CPI" not in p.metrics and not p.metric_phrases
    finally:
        kblabels.declare(None)
    assert "CPI" in parse("what's a normal cost per install?").metrics  # the unit itself still read


def test_how_many_of_them_keeps_the_place_just_sized():
    mem = Memory()
    mem.last_kind, mem.geography = "audience", "Basel"
    assert ofthem.read(parse(ASKS[2]), ASKS[2], mem).geographies == ["Basel"]
    assert ofthem.read(parse("how many own a kayak?"), "how many own a kayak?", mem).geographies == []
    mem.last_kind = "benchmark"
    assert ofthem.read(parse(ASKS[2]), ASKS[2], mem).geographies == []
    assert sizeshare.counted("115k", "", "how many households is that?") == "115k households"


def test_a_band_clause_and_end():
    quoted = "By the 5th, between 10% and 20% of the month's budget; by the 25th, between 70% and 85%."
    at = quoted.find("20% of")
    assert bandend.pct("by the 25th, what's the least we should have spent?", quoted, at, "20% of the month's budget") == 70
    assert bandend.pct("by the 5th, at most?", quoted, at, "20% of the month's budget") == 20
    assert bandend.pct("how much by the 25th?", quoted, at, "20% of the month's budget") is None  # no end asked


def test_a_ceiling_asks_what_one_is_worth_then_takes_the_share():
    mem = Memory()
    assert ceilingneed.need(parse(ASKS[3]), mem)
    assert ceilingneed.need(parse("what do others usually pay per booking?"), mem) is None
    said = parse("Our gross margin per booked lesson in dollars is $120.")
    assert [n.role for n in said.numbers] == ["LTV"]
    mem.facts["LTV"] = 120.0
    assert ceilingneed.need(parse(ASKS[3]), mem) is None
    assert mediashare.lines(ASKS[4], 120.0) == ["$120 × 25% = $30, the most one may cost"]
    assert mediashare.lines("a quarter of that going to ads sounds fine.", 120.0) == []  # asks nothing


@pytest.mark.parametrize("ask, want", [(ASKS[5], "$9,000 ÷ $4.50 = 2,000 members, at the top of that price"),
                                       ("if we put in 9000, how many members would sign?", None),
                                       ("if we put in 9000, how many clubs would sign at the top price?", None)])
def test_a_count_at_an_end_of_a_prose_price(ask, want):
    said = ["Based on Knowledge Base [clubs#2]: Gym apps charge from $3.60 to $4.50 per member who signed up in 2025."]
    out = prosecount.work(ask, said)
    assert (want in out and "[clubs#2]" in out) if want else out is None, out


def test_a_row_named_brings_its_list_before_a_definition():
    gloss = ("## Terms\n\nBooked grooming visit — an appointment held for a named dog at a set time; what a booking "
             "site may charge a salon per booked grooming visit is its price, not a phone enquiry's. Booking site — a "
             "site that charges salons per booked grooming visit.")
    ps = _ps(gloss, "terms#0", "terms.txt › Terms") + _ps(PRICES, "groom#1", "groom.txt › Booking sites for dog groomers")
    out = extract("What would GroomNow charge us per booked grooming visit?", ps)
    assert out and "GroomNow: $24 to $29" in out and "[groom#1]" in out, out


def test_a_count_and_whether_the_channel_can_run_are_both_asked():
    from agent.offline import affordask, parts
    ask = "They trimmed it to 4000. How many bookings now? Would that still be enough to keep the channel going?"
    assert_unseen([ask])
    assert affordask.counts_too(ask) and not affordask.counts_too("Would 4000 be enough to keep the channel going?")
    assert parts.open_parts(ask) == ["Would that still be enough to keep the channel going?"]
    assert parts.open_parts("How many bookings now? And why?") == []  # nothing a minimum answers


def test_a_kb_label_keeps_its_own_trade_documents_and_doers_read_as_the_trade():
    from agent.offline import agentnoun, businessdocs
    ps = [{"id": "lodging#1", "source": "lodging_and_travel_bookings.txt › Section 1",
           "text": "Guests book a surf camp 30 to 50 days ahead."},
          {"id": "cars#1", "source": "automotive_dealers.txt › Section 1", "text": "Dealers sell cars."},
          {"id": "rules#1", "source": "budget_rules.txt › Caps", "text": "No site takes over 40%."}]
    assert [p["id"] for p in businessdocs.kept(ps, "Surf Camps")] == ["lodging#1", "rules#1"]  # it names the label
    assert [p["id"] for p in businessdocs.kept(ps, "travel")] == ["lodging#1", "rules#1"]
    assert agentnoun.based("when do surfers book?", {"surf", "book"}) == "when do surf book?"
    assert agentnoun.based("when do surfers book?", {"surfer", "surf"}) == "when do surfers book?"  # held: as typed


@pytest.mark.parametrize("ask, off", [("Off topic: which office chair brand lasts longest?", True),
                                      ("Completely unrelated, how do I descale a kettle?", True),
                                      ("Unrelated, but what's a fair CPM on Snapchat these days?", False),
                                      ("Which office chair brand lasts longest?", False)])
def test_a_question_the_user_calls_off_topic(ask, off):
    from agent.offline import offtopic
    assert_unseen([ask])
    assert offtopic.said(ask) is off
