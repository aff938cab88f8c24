"""Another of the KB's own businesses, named mid-conversation, replaces the one carried: "… for a dog grooming salon"
after a med spa's figures makes the next "how many clicks?" the salon's (agent.offline.memory.update). The vertical the
tool had resolved for the earlier business stayed and outranked the new phrase, and the clicks were worked at the med
spa's price. Wording of our own, on kb_txt2 (where it was found) and kb/ (whose vocabulary names the new business)."""
from __future__ import annotations

import pytest

from tests.offline_turns import assert_answered_on
from tests.unseen_wording import assert_unseen

CASES = [
    ("kb_txt2_engine", "tests/fixtures/kb_txt2",
     ["As a med spa, what CPM do we plan on TikTok?", "Put Google Ads and Microsoft Ads side by side for a dog grooming salon on $4k a month",
      "So how many clicks does that get us?"], "$4,000 ÷ $1.35", "Med Spa"),
    ("shipped_engine", "kb", ["What CPC does a SaaS business usually see?",
                              "Put Google Ads and Meta side by side for a travel agency on $8k a month", "So how many clicks does that get us?"],
     "$8,000 ÷ $1.40", "SaaS"),
]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(*[m for _, _, m, _, _ in CASES])


@pytest.mark.parametrize("kb,folder,messages,worked,gone", CASES)
def test_the_business_named_last_is_worked(request, monkeypatch, kb, folder, messages, worked, gone):
    assert_answered_on(request, monkeypatch, kb, folder, messages, worked, gone)
