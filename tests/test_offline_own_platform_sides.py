"""Platforms the KB names itself are sides of a comparison too: "Yelp or Nextdoor for a bakery?" gets what the KB says
of each (agent.offline.sidebyside), and "Yelp" is the KB's "Yelp Ads" — a seller's ad product named by the seller alone
(agent.offline.kblabels.platforms_in). Only the vocabulary's platforms were sides, so one search for the whole
question quoted one side. Wording of our own, on kb_txt3 (where it was found) and kb/ (vocabulary sides as before)."""
from __future__ import annotations

import pytest

from tests.offline_turns import assert_answered_on
from tests.unseen_wording import assert_unseen

CASES = [
    ("kb_txt3_engine", "tests/fixtures/kb_txt3", ["Yelp or Nextdoor - which suits a neighbourhood bakery better?"],
     ["Yelp Ads: Based on Knowledge Base", "Nextdoor: Based on Knowledge Base"], ["says nothing about"]),
    ("kb_txt3_engine", "tests/fixtures/kb_txt3", ["On Yelp, what does a click cost a fine dining place?"], ["$2.10-2.60"], []),
    ("shipped_engine", "kb", ["Google Ads or Meta - which suits a neighbourhood bakery better?"],
     ["Google Ads", "Meta"], ["says nothing about"]),
]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(*[m for _, _, m, _, _ in CASES])


@pytest.mark.parametrize("kb,folder,messages,shown,absent", CASES)
def test_each_side_the_kb_names_is_quoted(request, monkeypatch, kb, folder, messages, shown, absent):
    assert_answered_on(request, monkeypatch, kb, folder, messages, shown, absent)
