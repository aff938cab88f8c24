""""How often" beside a metric named outright (agent/offline/metricforms.py _SEEN_CLICKING, metricnames._OFTEN):
a click counted as a unit ("cost per click", "each click") is no act of clicking, and how often *we* do something
is the asker's habit, not an audience's rate — so the named metric is the one looked up, not a click-through rate
read from the same words. On the shipped KB and the plain-text kb_txt2. Wording of this file's own."""
from __future__ import annotations

import pytest

from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

SHIPPED = ["we run a dental practice", "how often should the team revisit our cost per click?"]
TXT2 = ["we are a roofing company", "how often should the office revisit the cost per click?"]


def test_wording_is_own():
    assert_unseen(SHIPPED, TXT2)


@pytest.mark.parametrize("fixture,messages", [("shipped_engine", SHIPPED), ("kb_txt2_engine", TXT2)])
def test_only_the_named_metric_is_looked_up(request, fixture, messages):
    _, (answer, calls) = turns(request.getfixturevalue(fixture), messages)
    assert [c.get("metric") for c in calls if "metric" in c] == ["CPC"], calls
    assert "CTR" not in answer and "click-through" not in answer.lower()
