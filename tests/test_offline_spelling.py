"""A mistyped word is read as the word meant (agent.offline.spelling), on kb/ and on the plain-text kb_txt2
(the agent's turns: tests/test_offline_typed.py's READ_ALIKE), and the perturbation probe's rewrites are seeded and general (tests/fixtures/perturb) — own wording only."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from agent.offline import spelling
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
KB, TXT2 = ROOT / "kb", ROOT / "tests" / "fixtures" / "kb_txt2"
sys.path.insert(0, str(ROOT / "tests" / "fixtures" / "perturb"))
import perturb  # noqa: E402

# (KB, mistyped, as meant): a vertical, a metric, a place and a platform of each KB
MISSPELT = [
    (KB, "typical cpm for moible gamming apps?", "typical cpm for mobile gaming apps?"),
    (KB, "our conversiion rate is low", "our conversion rate is low"),
    (KB, "how many hispanic adults in teaxs", "how many hispanic adults in texas"),
    (KB, "cost per click on pinterst for a neobannk", "cost per click on pinterest for a neobank"),
    (TXT2, "cpc for roofnig contracters around here", "cpc for roofing contractors around here"),
    (TXT2, "what do veterinery clinics pay per lead", "what do veterinary clinics pay per lead"),
    (TXT2, "households in the minneapolis dma, roughly, and in orlanod?", "households in the minneapolis dma, roughly, and in orlando?"),
    (TXT2, "we want to run ads on Spotfy next quarter", "we want to run ads on Spotify next quarter"),
]


@pytest.mark.parametrize("kb,typed,meant", MISSPELT)
def test_a_misspelt_kb_term_is_read_as_the_kbs_own(monkeypatch, kb, typed, meant):
    assert_unseen(typed)
    monkeypatch.setenv("MPA_KB_DIR", str(kb))
    assert spelling.read(typed) == meant


@pytest.mark.parametrize("kb,word", [(KB, "programmatic"), (KB, "geo-lift"), (TXT2, "mesothelioma"), (TXT2, "spotify"),
                                     (TXT2, "quixotic"), (KB, "perspicacious"), (KB, "bootcamp"), (KB, "cofounder")])
def test_a_known_word_a_kb_only_term_and_a_rare_english_word_are_left_alone(monkeypatch, kb, word):
    monkeypatch.setenv("MPA_KB_DIR", str(kb))
    text = f"is {word} worth it for us this spring?"
    assert spelling.read(text) == text


def test_numbers_codes_urls_capitals_and_short_words_are_left_as_typed(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(TXT2))
    text = ("thru tbh see www.exmaple.com/spotfy or bob@spotfy.io, SPOTFY, iPhne, CH-CTV-FREQ3 and 1.2k for "
            "Marvn at Venmo")
    assert_unseen(text)
    assert spelling.read(text) == text
    assert spelling.read("Spotfy first, then Tiktk") == "Spotify first, then Tiktok"  # names the KB itself uses


def test_a_kb_term_only_the_kb_knows_is_corrected_only_to_on_that_kb(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(TXT2))
    assert spelling.suggestion("mesotheliomma", str(TXT2)) == "mesothelioma"  # two edits from nothing English
    assert spelling.suggestion("mesotheliomma", str(KB)) is None  # kb/ never names it


def test_the_perturbations_are_seeded_and_do_what_their_class_says():
    text = "We're spending $20,000 a month with you. What's a typical conversion rate for ecommerce?"
    for cls in perturb.CLASSES:
        assert perturb.perturb(cls, text, "k") == perturb.perturb(cls, text, "k")
    assert perturb.lowercase(text, random.Random(0)) == \
        "were spending $20,000 a month with you. whats a typical conversion rate for ecommerce"
    assert perturb.nomark(text, random.Random(0)) == text[:-1]  # only the "?" goes
    assert perturb.textspeak(text, random.Random(0)).startswith("We're spending $20,000 a month w/ u. whats")
    nums = {perturb.numbers(text, random.Random(i)) for i in range(20)}
    assert {n.split(" a month")[0] for n in nums} <= {"We're spending $20k", "We're spending 20k",
                                                        "We're spending twenty thousand dollars"}
    assert perturb.numbers("about three new clients", random.Random(0)) == "about 3 new clients"
    assert perturb.numbers("in 2024 we", random.Random(0)) == "in 2024 we"  # a year stays
    typo = perturb.typo(text, random.Random(3), p=1.0)
    changed = [(a, b) for a, b in zip(text.split(), typo.split()) if a != b]
    assert changed and all(len(a.strip("?.,")) >= 6 and a[0] == b[0] for a, b in changed) and "$20,000" in typo
    assert perturb.filler(text, random.Random(0)) != text
    assert perturb.words(25_000) == "twenty five thousand"


def test_an_unknown_word_where_english_puts_a_name_is_only_read_as_the_kbs_name(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(KB))
    assert spelling.read("and what about ads on quora or in shreveport?") == "and what about ads on quora or in shreveport?"
    assert spelling.read("cpc on pinterst for a neobank") == "cpc on pinterest for a neobank"  # the KB's own name
