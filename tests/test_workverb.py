"""Work done on goods names a service trade, not the goods' trade (mpa/workverb.py, mpa/headnoun.not_theirs,
agent/offline/workedon.py): "we refurbish gym equipment" is no gym, "we deep-clean the lobbies of hotels" no hotel, "a
hotel florist" no hotel — on the shipped KB (its verticals named by the vocabulary) and the plain-text kb_txt, kb_txt2
and kb_txt3 (named by labels). A business that sells, makes, runs or installs its goods, or whose label names its
work, keeps its vertical. Wording of this file's own."""
from __future__ import annotations

from pathlib import Path

import pytest

import agent.offline  # noqa: F401  (plugs the offline encoder into mpa.resolve)

from agent.offline.parse import parse
from mpa.fact_lookups import find_benchmarks
from mpa.headnoun import not_theirs
from mpa.workverb import goods_only, other_work, owning, set_aside, works
from tests.offline_turns import turns
from tests.test_offline_kb_markets import KB, TXT2, TXT3
from tests.unseen_wording import assert_unseen

TXT = str(Path(TXT2).parent / "kb_txt")

# the vertical each message must not be looked up as, by KB (messages, then that vertical)
_SET_ASIDE = [
    ("shipped_engine", KB, "travel", ["we deep-clean the lobbies of hotels every night. typical cpc?",
                                      "I'm a hotel florist. typical cpc?", "we rent out kayaks and life jackets. typical cpc?",
                                      # two verbs before whom they serve (agent/offline/served.py)
                                      "we wax and buff cars for rental fleets. typical cpc?"]),
    ("shipped_engine", KB, "financial-services", ["we calibrate bank vaults and cash counters. typical cpc?"]),
    ("kb_txt_engine", TXT, "Fitness and Gyms", ["we refurbish gym equipment. google cpc?"]),
    ("kb_txt2_engine", TXT2, "Toys and Games", ["we repaint vintage toys and board games. amazon cpc?"]),
    ("kb_txt2_engine", TXT2, "Supplements and Vitamins", ["we test supplements and vitamins for purity. amazon cpc?"]),
    ("kb_txt3_engine", TXT3, "Apparel", ["we hem and mend apparel. criteo cpc?"]),
    ("kb_txt3_engine", TXT3, "Solar Installers", ["we clean rooftop solar arrays. nextdoor cpm?"]),
    ("kb_txt3_engine", TXT3, "Fine Dining Restaurants", ["we sand and varnish the floors of fine dining restaurants. yelp cpc?"]),
    ("kb_txt3_engine", TXT3, "Wedding Venues", ["we wash and fold linens for wedding venues. yelp cpc?"]),
]
SET_ASIDE = [(f, kb, text, v) for f, kb, v, texts in _SET_ASIDE for text in texts]
# the vertical each message is looked up as, by KB: {fixture: (KB, {message: vertical})}
_KEPT = {
    "shipped_engine": (KB, {"we publish strategy games for tablets. typical cpi?": "gaming",
                            "I'm a mobile game developer. typical cpi?": "gaming",
                            "we sell hotel rooms through our booking site. typical cpc?": "travel",
                            # the goods a verb owns end before "with" (agent/offline/business.py): a motel
                            "we own a lakeside motel with nine cabins. typical cpc?": "travel"}),
    "kb_txt_engine": (TXT, {"We install solar panels on farm buildings. google cpc?": "Solar",
                            "we own a dental office with four chairs. google cpc?": "Dental Practices"}),
    "kb_txt2_engine": (TXT2, {"we fix garage door openers and rollers. google cpc?": "Garage Door Repair"}),
    "kb_txt3_engine": (TXT3, {"we install home solar systems. nextdoor cpm?": "Solar Installers"}),
}
KEPT = [(f, kb, text, v) for f, (kb, said) in _KEPT.items() for text, v in said.items()]


def test_wording_is_own():
    assert_unseen([t for _, _, t, _ in SET_ASIDE + KEPT])


def test_the_verb_and_its_object_are_read_by_grammar():
    text = "I'm a photographer who frames hotel suites. typical cpc?"
    assert [(v, text[s:e]) for v, s, e in works(text)] == [("frames", "hotel suites")]
    text = "we detail and wax boats at the marina"
    assert [(v, text[s:e]) for v, s, e in works(text)] == [("detail and wax", "boats")]
    assert works("how do we stack up against other software firms?") == ()   # no object opens on a preposition
    assert works("we sell hotel rooms online") == () and works("we own a ski lodge") == ()   # verbs of owning goods


@pytest.mark.parametrize("verb", ["sells", "made", "rents", "publishing", "own", "taught"])
def test_verbs_of_owning_goods_in_any_inflection(verb):
    assert owning(verb)


def test_a_label_that_names_the_work_or_only_a_form_keeps_it(meaning):
    assert not other_work("clean", "two houses", "House Cleaning Services")   # the work's own root
    assert not other_work("patch", "roofs", "Roofing Contractors")           # the rest is the form of a business
    assert not other_work("fix", "garage doors", "Garage Door Repair")       # the same work by meaning
    assert other_work("mend", "apparel", "Apparel")                          # goods only: another trade's work
    assert not other_work("mend", "jackets", "Apparel")                      # reached by meaning: other rules


def test_the_goods_decide_a_sentence_whose_verb_owns_them():
    assert goods_only("we rent out kayaks by the hour") == "kayaks by the hour"
    assert goods_only("we refinish kayaks") is None and goods_only("kayaks") is None


def test_the_head_noun_check_covers_the_vocabulary_route(meaning):
    assert not_theirs("hotel florist", "travel") and not not_theirs("hotel chain", "travel")
    assert parse("I'm a hotel florist. typical cpc?").vertical is None
    assert parse("we deep-clean the lobbies of hotels every night. typical cpc?").vertical is None
    assert parse("we sell hotel rooms through our booking site. typical cpc?").vertical == "travel"


@pytest.mark.parametrize("fixture,kb,text,vertical", SET_ASIDE)
def test_the_goods_worked_on_are_not_the_users_vertical(request, monkeypatch, meaning, fixture, kb, text, vertical):
    monkeypatch.setenv("MPA_KB_DIR", kb)
    [(answer, calls)] = turns(request.getfixturevalue(fixture), [text])
    assert not any(str(c.get("vertical", "")).lower() == vertical.lower() for c in calls), calls
    for c in calls:
        if "vertical" in c and "metric" in c:
            found = find_benchmarks(request.getfixturevalue(fixture), c["vertical"], c["metric"], c.get("platform"))
            assert not any(r.vertical.lower() == vertical.lower() for r in found.result), (c, found.reason)


@pytest.mark.parametrize("fixture,kb,text,vertical", KEPT)
def test_a_business_that_owns_its_goods_or_does_the_labels_work_keeps_it(request, monkeypatch, meaning, fixture, kb,
                                                                           text, vertical):
    monkeypatch.setenv("MPA_KB_DIR", kb)
    engine = request.getfixturevalue(fixture)
    [(_, calls)] = turns(engine, [text])
    got = set()
    for c in calls:
        if "vertical" in c and "metric" in c:
            got |= {r.vertical for r in find_benchmarks(engine, c["vertical"], c["metric"], c.get("platform")).result}
    assert vertical in got, calls


# a route said in the passive ("stocked at …": goods that others sell) is read against the KB's passive route ("products
# sold mainly through grocery … retailers"), not a seller's own ("retailers that sell through both stores and websites")
ROUTED = [("we produce paper towels stocked at walmart. typical cpm?", "cpg"),
          ("our firm produces dish soap stocked at walmart supercenters. typical roas?", "cpg")]


def test_route_wording_is_own():
    assert_unseen([t for t, _ in ROUTED])


def test_the_voice_of_a_route_is_read():
    from mpa.business import _passive
    assert _passive("stocked at big-box chains") and _passive("products sold mainly through grocery")
    assert not _passive("retailers that sell through both stores and websites") and not _passive("selling on our site")


@pytest.mark.parametrize("text,vertical", ROUTED)
def test_goods_others_stock_are_the_makers_vertical(shipped_engine, monkeypatch, meaning, text, vertical):
    monkeypatch.setenv("MPA_KB_DIR", KB)
    [(_, calls)] = turns(shipped_engine, [text])
    got = set()
    for c in calls:
        if "vertical" in c and "metric" in c:
            got |= {r.vertical for r in find_benchmarks(shipped_engine, c["vertical"], c["metric"], c.get("platform")).result}
    assert got == {vertical}, calls


_INSTALLERS = """HOME ALARM INSTALLERS - VERSION 1.0
META - Document: What booked visits cost companies that fit alarm systems

COST PER BOOKED VISIT - 2025
- Monitored Alarm Systems: $110-140
- Video Doorbells: $60-80
"""
_SHOPS = """HARDWARE STORES - VERSION 1.0

COST PER ORDER - 2025
- Monitored Alarm Systems: $30-45
"""


def test_a_document_titled_for_the_doers_of_the_work_keeps_its_labels_as_that_trade(meaning):
    """A label said whole as the object of work is the goods ("we mend apparel"), unless the KB says the label is the
    doers' own: a document titled "… INSTALLERS" lists its rows as kinds of installers, so "we install monitored alarm
    systems" is the "Monitored Alarm Systems" row — on a KB written here and on kb_txt9, whose installers' document is
    titled so. A store's document of the same label says no such thing."""
    phrase = "we only install monitored alarm systems in condos"
    assert not set_aside(phrase, "Monitored Alarm Systems", [_INSTALLERS])
    assert set_aside(phrase, "Monitored Alarm Systems", [_SHOPS])   # no doers of "install" named: goods worked on
    kb9 = [p.read_text(encoding="utf-8") for p in sorted((Path(TXT2).parent / "kb_txt9").glob("*.txt"))]
    assert not set_aside(phrase, "Monitored Alarm Systems", kb9)
    assert set_aside("we mend apparel", "Apparel", kb9 + [_SHOPS])
