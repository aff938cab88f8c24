"""A count's cost asked at the end of a later turn — "so 300k impressions would run what", "we're after 5,000 clicks,
budget?", "so 12 bookings would set us back how much" — is the count × the price just looked up (the cost-asking
forms of agent/offline/parse.py): without a cost word the parser knew, such a turn was searched and answered with a
passage of other figures. On the shipped KB and a plain-text KB, in wording of this file's own."""
from __future__ import annotations

import pytest

from agent.offline import parse
from tests.offline_turns import answer_on, turns
from tests.unseen_wording import assert_unseen

_KB = [("travel cpm?", "so 300k impressions would run what", "300,000 × $13 ÷ 1,000 = $3,900"),
       ("what do automotive leads cost", "we want 80 leads a month — what's the budget for that", "80 × $60 = $4,800"),
       ("ecommerce cpc", "we're after 5,000 clicks, budget?", "5,000 × $1.30 = $6,500")]
_TXT = [("youtube cpv for credit cards", "we want 60,000 views, budget?", "60,000 × $0.085 = $5,100"),
        ("snapchat cpm for language learning apps", "what would 600k snapchat impressions run",
         "600,000 × $5.40 ÷ 1,000 = $3,240"),
        ("cost per booked call for roofers", "so 12 bookings would set us back how much", "12 × $260 = $3,120")]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen([t for case in _KB + _TXT for t in case[:2]])


@pytest.mark.parametrize("text", [c[1] for c in _KB + _TXT] + ["90k views would cost us what?"])
def test_a_cost_asked_last_is_a_count_times_a_price(text):
    p = parse(text)
    assert p.asks_cost and p.calc is not None and p.calc.op == "mul", (p.calc, p.asks_cost)


@pytest.mark.parametrize("text", ["what is the budget?", "we have a budget", "we run what we can afford",
                                  "what's the budget for the launch"])
def test_no_cost_asked(text):
    assert not parse(text).asks_cost


@pytest.mark.parametrize("first,then,line", _KB)
def test_the_count_at_the_price_just_given_on_the_shipped_kb(shipped_engine, first, then, line):
    out = answer_on(shipped_engine, [first, then], None)
    assert line in out, out


@pytest.mark.parametrize("first,then,line", _TXT)
def test_the_count_at_the_price_just_given_on_a_plain_text_kb(kb_txt2_engine, kb_txt4_engine, monkeypatch, first, then,
                                                             line):
    kb = "kb_txt4" if "snapchat" in first else "kb_txt2"  # a platform's list in another plain-text KB, too
    monkeypatch.setenv("MPA_KB_DIR", f"tests/fixtures/{kb}")
    out, _ = turns(kb_txt4_engine if kb == "kb_txt4" else kb_txt2_engine, [first, then])[1]
    assert line in out, out
