"""A named thing's own row of a KB price list, and a stated budget worked at it (:mod:`agent.offline.rowprice`): the
sides of a comparison ("X or Y, we have 20k") and what a budget buys of the rows named. Unit checks on passages of
kb_txt4, kb_txt6 and a list written here; one conversation on kb_txt8; kb/ has no such list for its platforms."""
from __future__ import annotations

from pathlib import Path

from agent.offline import rowprice, scene
from agent.offline.parse import parse
from tests.offline_turns import turns

FIX = Path(__file__).resolve().parent / "fixtures"
_MINE = {"id": "ski#1", "text": "Rental shops buy bookings from aggregators.\n\nPRICE PER CONFIRMED RENTAL DAY, 2025\n"
                                "BY AGGREGATOR - HIGHEST TO LOWEST\n- SnowHire: $14 to $18 (highest)\n- SlopeBox: $9\n"
                                "- PisteBundle: about $2 (price per lift ticket add-on, not per day)\n"}


def _ps(kb: str, name: str) -> list[dict]:
    return [{"id": f"{name}#0", "text": (FIX / kb / f"{name}.txt").read_text(encoding="utf-8")}]


def test_rows_of_a_captioned_price_list_and_the_budget_worked_in_its_unit():
    got = {r.label: r for r in rowprice.rows([_MINE])}
    assert set(got) == {"SnowHire", "SlopeBox"}  # a row priced per another unit is not the caption's
    assert got["SnowHire"].unit == "confirmed rental day" and (got["SnowHire"].lo, got["SnowHire"].hi) == (14, 18)
    assert rowprice.worked(9000, got["SlopeBox"]) == "$9,000 ÷ $9 ≈ 1,000 confirmed rental days"
    assert "$9,000 ÷ $18 ≈ 500 to $9,000 ÷ $14 ≈ 643" in rowprice.cited([got["SnowHire"]], 9000)
    six = rowprice.named(("moloco",), rowprice.rows(_ps("kb_txt6", "app_retention_and_install_networks")))
    assert [(r.label, r.unit) for r in six] == [("Moloco", "install")]


def test_a_price_of_a_thousand_is_worked_times_a_thousand():
    cpm = {"id": "pod#2", "text": "SHOW CPM - 2025\nBY NETWORK\n- WaveCast: $20\n\nCOST PER THOUSAND LISTENS, 2025\n- EarHub: $25-30\n"}
    got = {r.label: rowprice.worked(6000, r) for r in rowprice.rows([cpm])}
    assert got == {"WaveCast": "$6,000 ÷ $20 × 1,000 ≈ 300,000 impressions",
                   "EarHub": "$6,000 ÷ $30 × 1,000 ≈ 200,000 to $6,000 ÷ $25 × 1,000 ≈ 240,000 listens"}


def test_what_a_budget_buys_of_the_rows_a_message_names():
    mail = rowprice.bought("so with 5 grand, how many postcards would go out?",
                           _ps("kb_txt4", "direct_mail_and_local_radio"), 5000)
    assert "Standard Postcards: $0.41" in mail and "$5,000 ÷ $0.41 ≈ 12,195 pieces" in mail and "Catalogs" not in mail
    assert rowprice.bought("is SlopeBox any good?", [_MINE], None) is None  # no budget, nothing bought
    assert "≈ 333 confirmed rental days" in rowprice.bought("what would $3k get us on SlopeBox?", [_MINE], 3000)


def test_kb_lists_no_price_row_for_its_platforms_so_its_comparisons_are_unchanged():
    passages = [{"id": p.name, "text": p.read_text(encoding="utf-8")} for p in (FIX.parents[1] / "kb").glob("*.md")]
    found = rowprice.rows(passages)
    assert not rowprice.named(("google ads", "google"), found) and not rowprice.named(("meta", "facebook"), found)


def test_two_sites_named_as_alternatives_with_a_budget_get_each_ones_row_worked(monkeypatch, kb_txt8_engine):
    text = "Trivago or Tripadvisor for our little hotel, we've got 20k"
    monkeypatch.setenv("MPA_KB_DIR", str(FIX / "kb_txt8"))
    ((a, _),) = turns(kb_txt8_engine, [text])  # (the conversation reads the KB's own platform names)
    assert not scene.only(text, parse(text))  # alternatives named ask which, question mark or not
    assert a.index("Trivago:") < a.index("Tripadvisor:") and "$20,000 ÷ $23 ≈ 870" in a and "≈ 952 booked room nights" in a
    assert "glossary" not in a  # the glossary's line naming both adds no figure
