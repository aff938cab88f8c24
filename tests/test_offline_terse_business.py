"""A terse ask that opens with the business and ends on the metric's acronym (probe of 2026-11-29, h_calc):
"fin services ctr", "vet clinic cpc", "ecomerce cac whats typical". The words before the acronym are the business
when each is a word businesses are named with (the vocabulary's, the KB's own labels), said short, plural or
misspelt by a letter; a word that only qualifies the figure ("typical", "blended", "target") or names a tactic
("retargeting") is none (:data:`agent.offline.business._TERSE`). Wording of our own, on kb/ and kb_txt2."""
from __future__ import annotations

from agent.offline.bizwords import _near
from agent.offline.parse import parse
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

SHIPPED = ["fin services ctr", "ecomerce cac whats typical", "helthcare cpl"]


def test_readings():
    assert_unseen(SHIPPED, ["vet clinic cpc", "retargeting ctr"])  # the wording here is no data set's
    assert parse("fin services ctr").business_phrase == "fin services"
    assert parse("ecomerce cac whats typical").business_phrase == "ecomerce"
    for text in ("typical cpc", "google cpc", "our blended cac", "and cpm?", "retargeting ctr", "what cpc"):
        assert parse(text).business_phrase is None and parse(text).vertical is None, text
    assert _near("fin", "financial") and _near("ecomerce", "ecommerce") and _near("clinic", "clinics")
    assert not _near("retargeting", "retail") and not _near("fi", "financial") and not _near("roofer", "roofing")


def test_terse_asks_on_the_shipped_kb(shipped_engine, meaning):  # the tool reads the short or misspelt name by meaning
    answers = turns(shipped_engine, SHIPPED)
    for (text, _), figure in zip(answers, ("0.6%–1.1%", "$30–$55", "$40–$90")):
        assert figure in text, text


def test_a_terse_ask_on_a_plain_text_kb(kb_txt2_engine, meaning):
    (text, calls), = turns(kb_txt2_engine, ["vet clinic cpc"])
    assert any(c.get("metric") == "CPC" for c in calls) and "$2.90-3.40" in text, text
