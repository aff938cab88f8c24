"""A count the KB states with only its unit ("Quebec: 24,000 people") is sized with the method "stated in the
knowledge base", not "people": the words after a count are its methodology only when they say how it was made
("target audience (12% of population)"). The audience_sizing scorer rejected "people" as a method (kb_txt3's goldens)."""
from __future__ import annotations

from mpa.tools import ToolExecutor


def _sized(engine, audience, geo):
    r = ToolExecutor(engine).execute("get_audience_sizing", {"audience_type": audience, "geography": geo})
    return r if isinstance(r, str) else getattr(r, "content", str(r))


def test_a_count_with_only_its_unit_is_stated_by_the_kb(kb_txt3_engine):
    out = _sized(kb_txt3_engine, "plant and operations managers", "Quebec")
    assert "24,000 people" in out and "Methodology: stated in the knowledge base" in out, out


def test_a_qualifier_that_says_how_is_kept(kb_txt_engine):
    out = _sized(kb_txt_engine, "solar-ready homeowners", "Phoenix")
    assert "612,000" in out and "Methodology: target audience (12% of population)" in out, out
