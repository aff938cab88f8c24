"""A re-run keeps the price the user gave for the calculation it re-runs: "Typical CPL for solar?", then "120 booked
jobs a month at $65 each — what budget?", then "it's 150 jobs, redo it" is 150 × $65 — not the CPL range shown two
turns before, which the re-run had taken because the user's price named no metric (agent.offline.arith._price).
Wording of our own, on kb_txt (where it was found) and kb/."""
from __future__ import annotations

import pytest

from tests.offline_turns import assert_answered_on
from tests.unseen_wording import assert_unseen

CASES = [
    ("kb_txt_engine", "tests/fixtures/kb_txt", ["What's a normal CPL in solar?", "We'd like 90 booked jobs monthly at $60 each. What budget?",
                                                "Make it 110 jobs and redo it."], "110 × $60 = $6,600", "Typical"),
    ("shipped_engine", "kb", ["What CPA do retail brands usually see?", "We need 250 sales a month and pay $45 per sale. What budget?",
                              "Make it 320 sales. Redo it."], "320 × $45 = $14,400", "Typical"),
]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(*[m for _, _, m, _, _ in CASES])


@pytest.mark.parametrize("kb,folder,messages,worked,absent", CASES)
def test_the_rerun_keeps_the_users_own_price(request, monkeypatch, kb, folder, messages, worked, absent):
    assert_answered_on(request, monkeypatch, kb, folder, messages, worked, absent)
