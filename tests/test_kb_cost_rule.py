"""A knowledge base's own rules worked instead of kb/'s: its cost-ceiling formula (agent.offline.kbcostrule) and
its cost per acquisition as the price of a new customer (agent.offline.buyask.as_stated) — each on a plain-text KB
that states them and on kb/, whose ratio rule and CAC must hold. Phrasings are this file's own (checked unseen)."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.offline import kbcostrule
from tests.offline_turns import answer_to, offline_conversation
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
_FIX = ROOT / "tests" / "fixtures"


def _served(monkeypatch, folder: Path) -> None:
    monkeypatch.setenv("MPA_KB_DIR", str(folder))  # the KB the engine indexes is the one the agent reads whole


def test_a_rule_sentence_is_read_in_its_own_words():
    r = kbcostrule.read_clause("The maximum cost per booked job equals gross margin per job times the booking rate, "
                               "times 0.7 to stay safe.")
    assert r.inputs == ("gross margin per job", "booking rate") and r.factor == 0.7 and r.rate_input() == "booking rate"
    r = kbcostrule.read_clause("The ceiling bid is net revenue per subscriber", " the working target is 40-55% of that ceiling")
    assert r.inputs == ("net revenue per subscriber",) and r.share == (40.0, 55.0) and r.target == "working target"
    assert kbcostrule.read_clause("Allowable CAC: contribution LTV ÷ target LTV:CAC ratio") is None  # kb/'s own form
    assert kbcostrule.read_clause("The target ROAS is revenue times two") is None  # no ceiling on cost named


def test_kb_txt3_asks_its_rule_inputs_then_works_them(kb_txt3_engine, monkeypatch):
    said = ["so what is the highest we ought to pay per qualified lead?", "each install leaves us $2,500 of gross profit and we sign 40%"]
    assert_unseen(said)
    _served(monkeypatch, _FIX / "kb_txt3")
    conv = offline_conversation(kb_txt3_engine)
    ask, worked = (conv.send(m).assistant for m in said)
    assert "first-year gross profit per customer and close rate?" in ask and "LTV:CAC" not in ask
    assert "$2,500 × 40% × 0.60 = $600" in worked and "[launch_roadmap_stages#" in worked


def test_kb_txt_break_even_then_its_target_share(kb_txt_engine, monkeypatch):
    said = "what's the ceiling on what we spend to win one customer? one is worth $520 gross profit in year one"
    assert_unseen(said)
    _served(monkeypatch, _FIX / "kb_txt")
    out = answer_to(kb_txt_engine, said)
    assert "= $520" in out and "$520 × 60% = $312 to $520 × 70% = $364" in out and "LTV:CAC" not in out


def test_kb_keeps_its_ratio_rule(shipped_engine, monkeypatch):
    said = "so what is the highest we ought to pay per new customer?"
    assert_unseen(said)
    _served(monkeypatch, ROOT / "kb")
    assert "target LTV:CAC ratio?" in answer_to(shipped_engine, said)


@pytest.mark.parametrize("engine, said, shown", [
    ("kb_txt_engine", "We run a dental office. Roughly how many new patients would $4,000 on Google Ads get us?",
     "$4,000 ÷ $43 ≈ 93 new patients"),  # kb_txt prices an acquisition (CPA) by business, no CAC
    ("kb_txt_engine", "I own a roofing outfit. About how many new customers would $9,000 on Google get us?",
     "$9,000 ÷ $58.20 ≈ 155 new customers"),  # "new customers", the vocabulary's own CAC unit, too
    ("shipped_engine", "We run a dental office. Roughly how many new patients would $4,000 get us?",
     "$4,000 ÷ $300 ≈ 13 new patients")])  # kb/ states a CAC: still used
def test_new_patients_priced_as_the_kb_prices_them(engine, said, shown, request):
    assert_unseen(said)
    out = answer_to(request.getfixturevalue(engine), said)
    assert shown in out and "cost you" not in out


@pytest.mark.parametrize("kb, before, said, shown", [
    ("kb_txt3", "", "what's the allowable cost per qualified lead for us? we net $3,000 gross profit a system and close 1 in 5",
     "$3,000 × 20% × 0.60 = $360 — the most to pay per qualified lead"),  # a rate said "N in M"; "per" of the ask
    ("kb_txt", "", "how much would we be willing to spend to land one client? first-year gross profit is $150 per client",
     "$150 × 60% = $90 to $150 × 70% = $105 — the target acquisition cost"),  # the ceiling said as willingness
    ("kb_txt", "the gross profit on a typical repair for us is $210", "so what's the most we could pay to get one repair booked?",
     "$210 × 60% = $126 to $210 × 70% = $147")])  # the worth said the turn before
def test_the_rule_worked_from_the_users_words(kb, before, said, shown, monkeypatch):
    from agent.offline import planmath
    assert_unseen(said, *[b for b in [before] if b])
    _served(monkeypatch, _FIX / kb)
    lines, rule = kbcostrule.work(said, before, "", None, planmath.asks_most_per_unit)
    assert shown in lines[-1] and rule == kbcostrule.rule().sentence


@pytest.mark.parametrize("kb, said, shown", [
    ("kb_txt14", "each rug job nets me $200 and we only opened this year, so aim high on that share",
     ["$200 × 25% = $50 — the most to pay"]),  # the KB's "from 10 through 25 percent", the end pointed at
    ("kb_txt14", "each rug job nets me $200", ["$200 × 10% = $20", "$200 × 25% = $50"]),  # no end pointed: both
])
def test_a_formula_line_and_the_range_beside_it(kb, said, shown, monkeypatch):
    from agent.offline import planmath
    before = "what is the most I ought to be paying to win one new customer?"
    assert_unseen(said, before)
    _served(monkeypatch, _FIX / kb)
    r = kbcostrule.rule()
    assert r.inputs == ("margin on one result", "media share") and r.rate_range == (10.0, 25.0)
    lines, _ = kbcostrule.work(said, before, "", None, planmath.asks_most_per_unit)
    assert all(any(s in ln for ln in lines) for s in shown) and len(lines) == len(shown), lines


def test_a_formula_line_is_read_on_other_kbs(monkeypatch):
    _served(monkeypatch, _FIX / "kb_txt13")  # "ceiling = first-year value of a customer × media share", set apart
    assert kbcostrule.rule().inputs == ("first-year value of a customer", "media share")
    assert kbcostrule._formula_lines("- Cost_Ceiling = Profit times Media_Share, where the") == []  # a list item going on
    assert kbcostrule._formula_lines("Sum: ceiling = margin x share") == ["ceiling = margin x share"]
