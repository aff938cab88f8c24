"""An item a KB sentence excludes with a participle linking the thing to its source ("radio bought from stations",
agent/offline/excludeditem.py): a question naming the thing and the source in its own verb is answered with the
KB's own "no figures for that", not a neighbouring figure. The shipped KB states no such item (its exclusions are
single things), so the engine checks run on the plain-text kb_txt2 and kb_txt. Wording of this file's own."""
from __future__ import annotations

from agent.offline.excludeditem import needed
from agent.offline.passages import terms
from tests.offline_turns import turns
from tests.test_offline_kb_markets import TXT2
from tests.unseen_wording import assert_unseen

ASK = "roughly what would a local radio station charge us per thousand listeners?"


def test_wording_is_own():
    assert_unseen(ASK)


def test_the_linking_participle_is_not_needed():
    assert needed("radio bought from stations") == set(terms("radio stations"))
    assert needed("leads sold by brokers") == set(terms("leads brokers"))
    assert needed("hand-made candles") == set(terms("hand-made candles"))   # no participle before a source


def test_the_exclusion_answers(monkeypatch, kb_txt2_engine):
    monkeypatch.setenv("MPA_KB_DIR", TXT2)
    [(answer, _)] = turns(kb_txt2_engine, [ASK])
    assert answer.startswith("The knowledge base does not cover that.") and "radio bought from stations" in answer, answer
