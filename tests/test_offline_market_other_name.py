"""After a look-up by market ("streaming tv cpm around boise?"), a follow-up naming a place the KB does not know
("what about Tulsa?") is looked up in the platform's slot (agent/offline/platformslot.py: it may be a platform);
the benchmark tool (mpa/fact_lookups._market_rows) then says the market's figures exist only for the platforms it
lists, "not for 'Tulsa'" — the missing name, not "no benchmark for the vertical 'Boise'", which wrongly said the
market the KB does hold is missing. The shipped KB keys no benchmark by market, so the checks run on the
plain-text kb_txt2 and kb_txt. Wording of this file's own."""
from __future__ import annotations

import pytest

from tests.offline_turns import turns
from tests.test_offline_kb_markets import TXT2
from tests.test_kb_txt_fixture import KB as _KB_TXT
from tests.unseen_wording import assert_unseen

KB_TXT = str(_KB_TXT)
CASES = [("kb_txt2_engine", TXT2, ["streaming tv cpm around boise?", "what about Tulsa?"], "Boise", "Tulsa"),
         ("kb_txt_engine", KB_TXT, ["what's the google ads cpc in canada?", "and Reno?"], "Canada", "Reno")]


def test_wording_is_own():
    assert_unseen([m for _, _, msgs, _, _ in CASES for m in msgs])


@pytest.mark.parametrize("fixture,kb,messages,market,other", CASES)
def test_the_missing_name_is_the_one_declined(request, monkeypatch, fixture, kb, messages, market, other):
    monkeypatch.setenv("MPA_KB_DIR", kb)
    (first, _), (answer, _) = turns(request.getfixturevalue(fixture), messages)
    assert "$" in first
    assert f"not for '{other}'" in answer and f"no benchmark for the vertical '{market}'" not in answer, answer
