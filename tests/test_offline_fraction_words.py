"""A share said in words ("a third of them", "two thirds of those", "half of them") has one value, read in one place
(agent/offline/fractionwords.py): the reach rule (agent/offline/tallies.py) once wrote "a third of" as 33.33 % while the
audience-share rule (agent/offline/sizeshare.py) read it exactly, so a third of an audience reached 3 times came to a
few impressions short of the audience itself. Wording of this file's own, on the shipped KB and a plain-text KB."""
from __future__ import annotations

from fractions import Fraction

import pytest

from agent.offline import fractionwords, sizeshare
from tests.offline_turns import answer_on
from tests.unseen_wording import assert_unseen

_THIRD_REACH = "suppose a third of them see our spot 3 times each, how many impressions is that?"
_SIZE_KB = "how many retirees live in florida"
_SIZE_TXT = "how many adults who go to a gym or studio at least twice a month are in Nashville?"


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen([_THIRD_REACH])


@pytest.mark.parametrize("said,share", [(("a", "third"), Fraction(1, 3)), (("two", "thirds"), Fraction(2, 3)),
                                        ((None, "half"), Fraction(1, 2)), (("3", "quarters"), Fraction(3, 4)),
                                        (("an", "tenth"), Fraction(1, 10))])
def test_a_fraction_said_in_words_is_exact(said, share):
    assert fractionwords.fraction(*said) == share


@pytest.mark.parametrize("text,written", [
    ("a third of them", "33.3333333% of them"), ("two thirds of those", "66.6666667% of those"),
    ("half of them", "50% of them"), ("a half of it", "50% of it"), ("three quarters of the list", "75% of the list"),
    ("three fifths of them", "60% of them"),
    ("the last quarter of the year", "the last quarter of the year"),  # a period, no share: no count before it
    ("four thirds of it", "four thirds of it"),  # more than the whole: no share of it
    ("a third off the price", "a third off the price")])  # not "of": a cut, read by the amounts rules
def test_a_share_of_something_is_written_as_its_exact_percentage(text, written):
    assert fractionwords.as_percent(text) == written


def test_the_audience_share_rule_reads_a_fraction_by_its_count():
    assert sizeshare.share("132,000 people", "what would two third of those be?") == ["132,000 × 66.67% ≈ 88,000 people"]
    assert sizeshare.share("132,000 people", "what would a third of those be?") == ["132,000 × 33.33% ≈ 44,000 people"]


@pytest.mark.parametrize("kb,folder,size,line", [
    ("shipped_engine", None, _SIZE_KB, "5,000,000 × 0.333 × 3 ≈ 5,000,000 impressions"),
    ("kb_txt_engine", "tests/fixtures/kb_txt", _SIZE_TXT, "364,000 × 0.333 × 3 ≈ 364,000 impressions")])
def test_a_third_of_an_audience_reached_three_times_is_the_audience_in_impressions(request, monkeypatch, kb, folder, size,
                                                                                     line):
    out = answer_on(request.getfixturevalue(kb), [size, _THIRD_REACH], monkeypatch, folder)
    assert line in out, out
