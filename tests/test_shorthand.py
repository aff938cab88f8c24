"""Metric shorthand: bare lists and counted back-references (agent.offline.shorthand, memory.carry)."""
from agent.offline import shorthand
from agent.offline.memory import Memory, carry
from agent.offline.parse import parse


def test_a_bare_metric_list_is_a_request():
    assert shorthand.metric_list("ctr & cvr next, same industry", ["CTR", "CVR"], False)
    assert not shorthand.metric_list("what does ctr mean", ["CTR"], False)
    assert not shorthand.metric_list("ctr 2% and cvr 3%", ["CTR", "CVR"], True)
    assert not shorthand.metric_list("thanks for the ctr figures", ["CTR"], False)


def test_counted_pronouns_point_back_but_a_bare_pronoun_does_not():
    assert shorthand.points_back("and the same three for banks")
    assert shorthand.points_back("both for retailers please")
    assert not shorthand.points_back("impressions, what do those run for retailers")


def test_carry_moves_the_last_metrics_to_the_new_business():
    mem = Memory(vertical="saas", metrics=["CTR", "CVR"], last_kind="benchmark")
    p = carry(parse("what are these two like for an airline"), mem)
    assert p.metrics == ["CTR", "CVR"] and not [n for n in p.numbers if n.role == "count"]
