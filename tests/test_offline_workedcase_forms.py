"""A section chosen by meaning that has no sentence of the form the question asks ("how long …": a duration) yields to
the rule section the words ranked first that has one (agent.offline.workedcase.yields with the asked forms). Own
wording; sections read from the shipped KB and the plain-text kb_txt4."""
from __future__ import annotations

from pathlib import Path

from agent.offline import workedcase
from agent.offline.answerforms import answer_forms
from agent.offline.reader import NORM_HEAD
from agent.offline.sectionunits import units_of
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
PAYBACK = "how long should it take before a new member has paid back what we spent to win them?"
RUN = "how long should a creative test stay live?"


def _section(engine, chunk: str, heading: str) -> list:
    c = next(c for c in engine.chunks if c.id == chunk)
    passage = {"id": c.id, "source": " › ".join([c.source, *c.headers]), "text": c.text}
    return [u for u in units_of([passage]) if u.heading == heading]


def test_a_section_without_the_asked_form_yields_to_the_rule_stating_it(shipped_engine, kb_txt4_engine):
    forms = tuple(answer_forms(PAYBACK))
    rule = _section(shipped_engine, "step-02-unit-economics#21", "Identifier UE-PAYBACK-12: the default payback guardrail")
    ranges = _section(shipped_engine, "benchmarks-healthcare#1", "CAC in healthcare")
    assert forms and rule and ranges
    assert workedcase.yields(ranges, rule, NORM_HEAD, forms)  # cost ranges state no duration; the rule does
    assert not workedcase.yields(ranges, rule, NORM_HEAD)  # no form asked: only a worked example yields
    assert not workedcase.yields(rule, ranges, NORM_HEAD, forms)
    forms = tuple(answer_forms(RUN))
    rule = _section(kb_txt4_engine, "budget_pacing_and_test_rules#3", "Section 4 - Test Rules")  # "… or 21 days"
    other = _section(kb_txt4_engine, "direct_mail_and_local_radio#0", "Section 1 - Direct Mail Cost Per Piece")
    assert forms and rule and other
    assert workedcase.yields(other, rule, NORM_HEAD, forms) and not workedcase.yields(other, rule, NORM_HEAD)


def test_own_wording_is_unseen():
    assert_unseen([PAYBACK, RUN])
