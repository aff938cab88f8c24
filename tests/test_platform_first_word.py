"""A platform asked by the first word of its names ("and on microsoft") is that platform when every vocabulary name it
begins is one platform's ("microsoft ads", "microsoft advertising": Bing Ads) and the KB states figures for it
(mpa/captions.platforms_in_kb): the look-up narrowed to "microsoft" found no platform and the turn was declined though
the KB lists the business under Microsoft's own heading. Two plain-text KBs; a first word shared by several
platforms' names narrows to none."""
from __future__ import annotations

from mpa.captions import platforms_in_kb
from tests.offline_turns import answer_on
from tests.unseen_wording import assert_unseen

_TXT2 = ("roofing cpc google", "and on microsoft")
_TXT4 = ("funeral home cpc on google ads", "and on microsoft?")


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(list(_TXT2) + list(_TXT4))


def test_the_first_word_of_one_platforms_names():
    assert platforms_in_kb("microsoft", {"Google Ads", "Bing Ads"}) == {"Bing Ads"}
    assert platforms_in_kb("microsoft", {"Google Ads"}) == set()  # not a platform the figures carry
    assert platforms_in_kb("facebook", {"Meta"}) == {"Meta"}  # a whole name, as before


def test_a_platform_by_its_first_word_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    out = answer_on(kb_txt2_engine, list(_TXT2), monkeypatch, "tests/fixtures/kb_txt2")
    assert "Microsoft Advertising 2025: $4.60-5.20" in out, out


def test_a_platform_by_its_first_word_on_another_plain_text_kb(kb_txt4_engine, monkeypatch):
    out = answer_on(kb_txt4_engine, list(_TXT4), monkeypatch, "tests/fixtures/kb_txt4")
    assert "Microsoft Ads 2025: $4.10-4.75" in out, out
