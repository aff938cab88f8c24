"""Opening look-ups said in everyday words (own wording): a lead as an act (a form filled in, contact details
sent), a video watched to the end said verb-first, a thousand showings as "each time a thousand …", the times an
ad is shown counted as impressions, "I market a …" naming the business before whom it serves, and ads named by
their kind ("for plain banner ads") never taken for a business."""
from __future__ import annotations

from agent.offline import business, madefor, metricwords
from agent.offline.parse import parse


def test_a_person_who_fills_a_form_stays_a_kb_counted_unit():
    assert "CPL" not in parse("what do we pay for each person who fills in our contact form?").metrics


def test_times_shown_count_impressions():
    assert metricwords.times_shown("40k on video: how many times will the ads be seen", "times") == "impressions"
    assert metricwords.times_shown("how many times should we post a week", "times") == "times"


def test_marketed_business():
    assert madefor.MARKETS.search("we promote a climbing gym for teens in boise").group("p") == "climbing gym"


def test_run_as_the_verb_of_price_hands_the_unit_to_the_kb_labels():
    assert parse("what does it usually run to get an enquiry from a parent, for tutoring centres").metric_phrases \
        == ["cost per enquiry"]
    assert not parse("we run ads to get a new customer every week").metric_phrases


def test_a_figure_pointed_at_by_its_size_is_no_business():
    assert business.business("so how many leads would the smaller amount get us") is None
