"""A whole section of two defining sentences (under :data:`agent.offline.reader.HEAD_LEAD` words) that has
subsections is their lead: the quote continues into the subsection under it (the standard or method it names),
as far as an answer quotes; a longer section, or one quoted in part, stands alone. Passages of our own."""
from __future__ import annotations

from agent.offline.reader import HEAD_LEAD, MAX_WORDS, _subsections
from agent.offline.sectionunits import units_of

LEAD = ("## Proving lift\n\nReported return tells you which sales followed an ad; lift tells you which sales the ad caused. "
        "Lift is the difference in purchases between shoppers who could see the ads and a comparable group who could "
        "not, estimated over the same weeks.\n\n### The house holdout standard\n\nHold out a random tenth of the "
        "audience for four weeks. Compare purchases per shopper in both groups.\n\n## Setup checklist\n\nTag every page.")


def _units(text: str):
    return units_of([{"id": "d#1", "source": "d.md › Guide", "text": text}])


def test_a_two_sentence_lead_continues_into_its_subsection():
    us = _units(LEAD)
    lead = [u for u in us if u.heading == "Proving lift"]
    assert 40 <= sum(len(u.text.split()) for u in lead) < HEAD_LEAD <= MAX_WORDS
    more = _subsections(lead, lead, us, LEAD)
    assert [u.text[:13] for u in more] == ["Hold out a ra", "Compare purch"]  # not the next ## section


def test_a_part_of_the_lead_or_a_long_lead_stands_alone():
    us = _units(LEAD)
    lead = [u for u in us if u.heading == "Proving lift"]
    assert _subsections(lead[:1], lead, us, LEAD) == []  # a sentence of the section left out
    long = LEAD.replace("estimated over the same weeks.", "estimated over the same weeks. " + "Platforms count their own clicks and views, so their reports credit the ads with sales that would "
                        "have happened anyway. ")
    lus = _units(long)
    llead = [u for u in lus if u.heading == "Proving lift"]
    assert _subsections(llead, llead, lus, long) == []
