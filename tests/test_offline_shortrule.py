"""A short rule is quoted whole (:mod:`agent.offline.shortrule`): the sentences that answer first, then the
rest of their paragraph — the exception, the second threshold, the reason — when it fits; a section's other
paragraphs (other rules) stay out, and a paragraph the previous answer quoted is not quoted again. Wording of
our own, on kb/ and kb_txt2."""
from __future__ import annotations

from agent.offline.sectionunits import units_of
from agent.offline.shortrule import WORDS, _paragraph, whole
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

INCIDENT = ["our banner ran beside an offensive article. how long must we stay off that site?"]
TIERS = ["how are the saas contract tiers defined?"]


def test_wording_is_our_own():
    assert_unseen(INCIDENT, TIERS)


def test_the_rest_of_a_short_rule_comes_on_the_shipped_kb(shipped_engine):
    (text, _), = turns(shipped_engine, INCIDENT)
    assert "72 hours" in text and "permanent exclusion" in text, text  # the second incident's rule, same paragraph


def test_the_rest_of_a_short_paragraph_comes_on_kb_txt2(kb_txt2_engine):
    (text, _), = turns(kb_txt2_engine, TIERS)
    assert "Enterprise above $50,000" in text and "the more clicks it takes to find a buyer" in text, text


PASSAGE = ("Pause any placement that ran beside unsafe content for two days. Placements paused twice in a quarter "
           "stay blocked permanently.\n\nReview every blocklist before a campaign launches.\n\n"
           "A worked case: a campaign at $50 per lead needs $50 × 30 = $1,500 a month. That floor keeps bidding stable.")


def _units():
    return units_of([{"id": "d#1", "source": "d.md › Rules", "text": PASSAGE}])


def test_paragraphs_bound_the_quote():
    us = _units()
    lead = [u for u in us if u.text.startswith("Pause any")]
    out = whole(lead, us, "", worked=False, text=PASSAGE)
    assert [u.text[:12] for u in out] == ["Pause any pl", "Placements p"]  # not the blocklist rule
    assert _paragraph("Review every blocklist before a campaign launches.", PASSAGE) == 1


def test_said_before_long_or_worked_stays_as_chosen():
    us = _units()
    lead = [u for u in us if u.text.startswith("Pause any")]
    assert whole(lead, us, "Placements paused twice in a quarter stay blocked permanently.", worked=False, text=PASSAGE) == lead  # a follow-up: not again
    case = [u for u in us if u.text.startswith("That floor")]
    assert [u.text[:10] for u in whole(case, us, "", worked=False, text=PASSAGE)] == ["That floor"]  # no sums
    assert len(whole(case, us, "", worked=True, text=PASSAGE)) == 2  # a question with figures gets the worked case
    long = "Budgets move weekly. " + " ".join(["spend"] * (WORDS + 5)) + "."
    lus = units_of([{"id": "d#1", "source": "d.md › Rules", "text": long}])
    assert whole(lus[:1], lus, "", worked=False, text=long) == lus[:1]
