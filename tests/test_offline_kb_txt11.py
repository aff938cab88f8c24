"""Rules from kb_txt11's blind read (session 34), each checked on a KB text of its own (a dance-studio KB written here,
in kb_txt11's habits: a dotted glossary, a "COST PER …, BY … (2025)" caption) and on the shipped KB or a fixture KB:

* "what do ads cost us for each reservation" prices a reservation: a pronoun may sit between "cost" and "for each",
  and the ads are the spend, not a unit;
* "a studio just outside Tucson" is a studio — "just outside" starts where it is;
* a glossary term joined to its definition by a dotted leader ("Booked class ........ one paid trial class") says
  what the KB's price counts, as "Booked class: one paid trial class" does;
* "how many of them ask for a refund" asks the KB's "refund rate", and "how many of those trials end up as a member"
  its "trial-to-member rate";
* "the cost to get an in-home estimate booked" prices an estimate (the word counted is not "booked");
* "if every class lands at the high end of that, how many do we get?" works the budget at the KB's own price, and
  names what it buys ("booked classes");
* a decline opened with a row's length of time ("average term: 7 months") opens with a figure.
"""
from __future__ import annotations

from pathlib import Path

from agent.offline.parse import parse
from scorers.figurefirst import opening_figures
from tests.kbtool import engine_of
from tests.offline_turns import turns

ROOT = Path(__file__).resolve().parents[1]

DANCE = """DANCE STUDIOS - WHAT A TRIAL CLASS COSTS - VERSION 1.0

SECTION 1 - THE PRICE OF A CLASS

COST PER BOOKED CLASS, BY STUDIO TYPE (2025)
- Ballroom Studios: $31 to $44
- Hip-Hop Studios: $18 to $26

REFUND RATE, BY STUDIO TYPE (2025)
- Ballroom Studios: 9%
- Hip-Hop Studios: 14%

TRIAL-TO-MEMBER RATE, BY STUDIO TYPE (2025)
- Ballroom Studios: 31%
- Hip-Hop Studios: 22%

SECTION 2 - GLOSSARY

Booked class ........ one paid trial class at a studio, whatever its length.
Refund rate ........ the share of booked classes refunded before the class.
"""


def test_a_price_asked_for_each_unit_with_a_pronoun_between():
    for said, unit in [("what do ads cost us for each reservation someone makes?", "cost per reservation"),
                       ("what does marketing cost them per new patient?", "cost per new patient")]:
        p = parse(said)
        assert unit in p.metric_phrases + [f"cost per {m}" for m in p.metrics] or p.metrics, (said, p.metric_phrases)
        assert not any(ph in ("cost per ads", "cost per marketing") for ph in p.metric_phrases)
    assert parse("what do ads cost us for each reservation someone makes?").metric_phrases == ["cost per reservation"]


def test_a_verb_after_how_many_is_no_unit():
    p = parse("ok so if I spend $4,250 a month and every one lands at the top, how many am I getting?")
    assert not p.metric_phrases and not p.unit


def test_a_message_that_opens_with_what_we_do_is_looked_up_by_that_work():
    from agent.offline.business import business
    assert business("We haul junk in Tulsa with two trucks. What does it usually cost in ads to land one job?").phrase \
        == "haul junk"  # looked up by the work ("Junk Removal Haulers"), not by nothing
    assert business("we have fifteen thousand for spring. how many leads if we land right in the middle?") is None


def test_a_business_just_outside_a_place_is_the_business():
    assert parse("we own an RV park just outside Phoenix. cost per lead?").business_phrase == "RV park"
    assert parse("we run a bakery right off Main Street, what's a good CPC?").business_phrase == "bakery"
    assert parse("We install alarm systems. What do we pay for a booked in-home consultation?").metric_phrases == \
        ["cost per booked in-home consultation"]  # a hyphen joins a word: "in-home" is no "in"


def test_a_dotted_glossary_says_what_the_kbs_price_counts(monkeypatch, tmp_path, kb_txt_engine):
    monkeypatch.setenv("MPA_KB_DIR", str(tmp_path))
    engine = engine_of(tmp_path, dance_studios=DANCE)
    (a1, c1), (a2, c2), (a3, c3), (a4, c4), (a5, c5) = turns(engine, [
        "hey, we own a ballroom studio just outside Tucson. what do ads cost us for each paid trial someone books?",
        "we'll put about $3,080 a month in. if every class lands at the high end of that, how many do we get?",
        "and how many of those people usually ask for a refund?",
        "how many of those trials end up as a member?",
        "what does it cost us to get a paid trial confirmed?"])
    assert c1 == [{"vertical": "ballroom studio", "metric": "cost per paid trial"}] and "$31 to $44" in a1.replace("–", " to ")
    assert "$3,080 ÷ $44 = 70 booked classes" in a2
    assert c3 and c3[0]["metric"] == "refund rate" and "9%" in a3 and "are not" not in a3
    assert c4 and c4[0]["metric"] == "trial-to-member rate" and "31%" in a4  # the first step is "those", the second said
    assert "$31" in a5 and "cost per booked class" in a5  # "a paid trial confirmed" counts trials, as the glossary does
    # the shipped-KB side of the same reading: a price per unit with "us" between is still that unit's price
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt"))
    (_, calls), = turns(kb_txt_engine, ["what do ads cost us for each lead for a dental clinic?"])
    assert calls and calls[0]["metric"] in ("CPL", "cost per lead")


def test_a_decline_opened_with_a_rows_length_of_time_opens_with_a_figure():
    decline = "The knowledge base has no billboard figure. I can't answer that from the knowledge base."
    assert opening_figures(f"Automotive average sales cycle: 7 months\n\n{decline}", ["what does a billboard cost?"])
    assert opening_figures(f"SaaS payback period: 3-4 months\n\n{decline}", ["billboard prices?"])
    assert not opening_figures(f"Automotive dealers plan within 30 days of a launch.\n\n{decline}", ["billboard prices?"])
    assert not opening_figures(f"{decline}\n\nAutomotive average sales cycle: 7 months", ["billboard prices?"])
