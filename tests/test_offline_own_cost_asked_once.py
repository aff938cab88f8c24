"""The user's own cost per lead, judged ("we spent X and got N leads, is that good?"), is looked up once: the look-up by
the unit's name ("cost per lead") is the CPL already asked, so the answer does not decline (or quote) it twice.
Wording of our own, on kb/ and a plain-text KB."""
from __future__ import annotations

import pytest

from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

CASES = [("shipped_engine", "we put 2500 into ads and got 50 leads. is that any good for a law office?"),
         ("shipped_engine", "we put 2500 into ads and got 50 leads. is that any good for a software startup?"),
         ("kb_txt_engine", "we put 2500 into ads and got 50 leads. is that any good for a dental practice?")]


@pytest.mark.parametrize("engine_name,message", CASES)
def test_the_cost_per_lead_is_looked_up_once(engine_name, message, request):
    assert_unseen(message)
    (answer, calls), = turns(request.getfixturevalue(engine_name), [message])
    metrics = [c.get("metric", "").lower() for c in calls if "metric" in c]
    assert len([m for m in metrics if m in ("cpl", "cost per lead")]) == 1, (metrics, answer[:300])
    assert "$2,500 ÷ 50 = $50" in answer, answer[:300]
