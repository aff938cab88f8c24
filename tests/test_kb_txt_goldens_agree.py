"""The goldens of every plain-text fixture KB from kb_txt3 on agree with its text, each read by that KB's own scanner
(``KB``, ``DATA``, ``check_benchmark_row`` of tests/test_<kb>_goldens.py, which also tests that the scanner reads its
KB's shapes): one table of what each KB's goldens hold at the least and of what its spoiled goldens use, and the same
two checks over every row, so a KB added is a row here, not two more copies of the tests."""
from __future__ import annotations

import importlib

import pytest

from tests import kbtext_golden_files as gf


def _tags(**least: int) -> dict:
    """The least benchmark rows of each tag (``absent``, ``platform``, …): the usual ones, or a KB's own."""
    return {"absent": 5, "ambiguous": 3, "platform": 10, "synonym": 5, "sentence": 2, "kv-line": 3, **least}


# the least rows: benchmarks (and of each tag), retrieval, abstain
SIZES = {
    "kb_txt3": {"benchmarks": 25, "tags": _tags(ambiguous=4), "retrieval": 20, "abstain": 10},
    "kb_txt4": {"benchmarks": 30, "tags": _tags(), "retrieval": 25, "abstain": 8},
    "kb_txt5": {"benchmarks": 28, "tags": _tags(sentence=1), "retrieval": 25, "abstain": 8},
    "kb_txt6": {"benchmarks": 30, "tags": _tags(sentence=1), "retrieval": 28, "abstain": 8},
    "kb_txt7": {"benchmarks": 30, "tags": _tags(), "retrieval": 28, "abstain": 8},
    "kb_txt8": {"benchmarks": 30, "tags": _tags(), "retrieval": 28, "abstain": 8},
    "kb_txt9": {"benchmarks": 30, "tags": _tags(absent=5, ambiguous=3, platform=10), "retrieval": 20, "abstain": 8},
    "kb_txt10": {"benchmarks": 30, "tags": _tags(absent=5, ambiguous=2, platform=8, sentence=4), "retrieval": 20,
                 "abstain": 8},
    "kb_txt11": {"benchmarks": 30, "tags": _tags(absent=5, ambiguous=3, platform=8, sentence=3), "retrieval": 20,
                 "abstain": 8},
    "kb_txt12": {"benchmarks": 30, "tags": _tags(absent=5, ambiguous=3, platform=8, sentence=3), "retrieval": 20,
                 "abstain": 8},
    "kb_txt13": {"benchmarks": 30, "tags": _tags(absent=5, ambiguous=3, platform=8, sentence=3), "retrieval": 20,
                 "abstain": 8},
    "kb_txt14": {"benchmarks": 30, "tags": _tags(absent=5, ambiguous=3, platform=8, sentence=3), "retrieval": 20,
                 "abstain": 8},
}
# what the spoiled goldens use: another platform, a (business, metric, platform) the KB states, a platform its
# prose names, an audience (who, where) the KB sizes
SPOIL_FIELDS = ("platform", "present", "sentence", "audience")
SPOIL = {
    "kb_txt3": ("Tubi", ("Wedding Venues", "CPC", "Yelp Ads"), "Quora", ("plant and operations managers", "Ontario")),
    "kb_txt4": ("Pinterest", ("Car Washes", "CPM", "Snapchat"), "Meta", ("recent movers", "Queensland")),
    "kb_txt5": ("Twitch", ("Boat Dealers", "CPC", "Google Ads"), "X", ("remote and hybrid professionals", "Pune")),
    "kb_txt6": ("Podcast", ("True Crime", "CPM", "Podcast"), "TikTok", ("daily rail commuters", "Osaka")),
    "kb_txt7": ("EverQuote", ("Arena Concerts", "cost per ticket", "TikTok"), "TikTok", ("pet-owning households", "Pomorskie")),
    "kb_txt8": ("Trivago", ("Boutique Hotels", "cost per booked room night", "Tripadvisor"), "Expedia TravelAds",
                ("households owning an e-bike", "Bern")),
    "kb_txt9": ("Philo", ("Monitored Alarm Systems", "cost per booked consultation", "Nextdoor"), "Peacock",
                ("parents of children aged 4-12", "Waikato")),
    "kb_txt10": ("Pinterest", ("VR Arcades", "cost per booked session", "Snapchat"), "Snapchat",
                 ("households with children under five", "Boise")),
    "kb_txt11": ("Pinterest", ("Canvas Tent Camps", "cost per booked stay", "Hipcamp"), "Hipcamp",
                 ("residents aged 25 to 34", "Tampines")),
    "kb_txt12": ("Pinterest", ("Candle-Making Bars", "cost per seat sold", "Eventbrite"), "Eventbrite",
                 ("residents aged 18 to 34", "Omaha")),
    "kb_txt13": ("Pinterest", ("Karate Dojos", "cost per attended trial", "Nextdoor"), "Nextdoor", ("residents aged 18 to 34", "Nairobi")),
    "kb_txt14": ("Pinterest", ("Shoe Repair Shops", "cost per first drop-off", "Nextdoor"), "TikTok",
                 ("residents aged 15 to 29", "Cebu")),
}


def _scanner(kb: str):
    """The module of ``kb``'s own scanner (tests/test_<kb>_goldens.py)."""
    return importlib.import_module(f"tests.test_{kb}_goldens")


@pytest.mark.parametrize("kb", SIZES)
def test_every_goldens_file_agrees_with_the_kb_text(kb: str):
    """Benchmarks, audience, retrieval, abstain rows and the gate, read against the text; each row checker also
    rejects goldens spoiled on purpose (so this test can fail)."""
    own = _scanner(kb)
    errors = own.KB.goldens_errors(own.DATA, kb, own.check_benchmark_row, SIZES[kb], dict(zip(SPOIL_FIELDS, SPOIL[kb])))
    assert not errors, f"{len(errors)} problem(s):\n  " + "\n  ".join(errors)


@pytest.mark.parametrize("kb", SIZES)
def test_scenarios_hold_only_kb_figures_and_right_arithmetic(kb: str):
    own = _scanner(kb)
    gf.assert_scenarios_hold(own.DATA, own.TEXTS, own.KB.value_is_stated, own.KB.audience_is_stated)
