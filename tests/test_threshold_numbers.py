"""A number written as a threshold ("5k+", "20 or more") qualifies what is counted (agent.offline.parse)."""
from agent.offline.parse import parse


def test_a_plus_threshold_is_not_a_budget():
    p = parse("how many renters in ohio earn 80k+ a year?")
    assert p.calc is None and [n.role for n in p.numbers] == ["threshold"]
    assert parse("how many clicks does 80k buy at $2 each?").calc is not None


def test_or_more_is_a_threshold_too():
    assert parse("stores with 20 or more staff in texas, how many?").numbers[0].role == "threshold"


def test_a_follow_up_after_a_short_reaction_is_still_a_follow_up():
    assert parse("oh, pricey. and for banks?").followup
    assert not parse("oh, pricey. we sell to banks mostly").followup


def test_a_comparison_opener_is_a_follow_up():
    assert parse("versus youtube?").followup and parse("vs. the open web?").followup
    assert not parse("versatile formats for retail?").followup
