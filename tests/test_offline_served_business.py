"""Whom or where a business says it works names no business of the user's own (agent/offline/served.py): "we print
banners for car dealerships" is no car dealer, "we repair the ovens at ghost kitchens" no ghost kitchen — on the
shipped KB and the plain-text kb_txt2. An agency's work for a client, one person's job at an organisation, and a
seller's own premises keep naming the business asked about. Wording of this file's own."""
from __future__ import annotations

import pytest

from agent.offline import selfdesc, served
from agent.offline.parse import parse
from tests.offline_turns import turns
from mpa.fact_lookups import find_benchmarks
from tests.test_offline_kb_markets import KB, TXT2, TXT3
from tests.unseen_wording import assert_unseen

SHIPPED = "we print banners for car dealerships. typical cpc?"
SHIPPED2 = "we sew curtains for boutique hotels. typical cpc?"
PLAIN = "we repair the ovens at ghost kitchens. linkedin cpc?"
# the client's or employer's vertical is the one asked, and one's own shop is one's own
KEPT = ["we run ads for car dealerships. typical cpc?", "I manage logistics for a regional bank. typical cpl?",
        "we lead donor outreach for a wildlife charity. cost per donor?",
        "we do marketing for boutique hotels. typical cpc?", "what if we sold them in a small shop instead"]


def test_wording_is_own():
    assert_unseen([SHIPPED, SHIPPED2, PLAIN, *KEPT])


@pytest.mark.parametrize("text,span", [(SHIPPED, "car dealerships"), (SHIPPED2, "boutique hotels"),
                                       (PLAIN, "ghost kitchens"), ("we sell pumps to dairy farms.", "dairy farms")])
def test_the_customer_or_site_is_found(text, span):
    assert [text[s:e] for s, e in served.spans(text)] == [span]


@pytest.mark.parametrize("text", KEPT + ["we teach adults to swim. typical cpc?"])  # "to swim": an infinitive
def test_a_client_an_employer_own_premises_or_an_infinitive_is_no_customer(text):
    assert served.spans(text) == []


def test_the_vocabulary_vertical_of_a_customer_is_not_the_users():
    assert parse(SHIPPED).vertical is None and parse(SHIPPED2).vertical is None
    assert parse(KEPT[0]).vertical == "automotive" and parse(KEPT[3]).vertical == "travel"


def test_what_the_business_does_is_looked_up_when_no_noun_names_it():
    assert parse("we wash delivery vans for car dealerships. typical cpc?").business_phrase == "wash delivery vans"
    assert selfdesc.description("we sell pumps to car dealerships.", "pumps") is None  # "we sell pumps": too little


@pytest.mark.parametrize("fixture,kb,text,figure", [("shipped_engine", KB, SHIPPED, "$1.20–$2.60"),
                                                     ("shipped_engine", KB, SHIPPED2, "$0.60–$1.40"),
                                                     ("kb_txt2_engine", TXT2, PLAIN, "Home and Kitchen")])
def test_no_customers_figures_are_served(request, monkeypatch, fixture, kb, text, figure):
    monkeypatch.setenv("MPA_KB_DIR", kb)
    [(answer, calls)] = turns(request.getfixturevalue(fixture), [text])
    assert figure not in answer, answer
    assert not any(c.get("vertical") in ("automotive", "travel", "Home and Kitchen") for c in calls), calls


# guards: a business said with the people it serves still finds its own vertical (h_biz's right picks stay)
GUARDS = [("shipped_engine", KB, "we run a coding school for adults changing careers. cost per lead?", "education"),
          ("shipped_engine", KB, "we run a beach resort for families with kids. what does a booking cost?", "travel"),
          ("kb_txt3_engine", TXT3, "we make frozen dumplings for grocery stores. instacart roas?", "Frozen Foods")]


@pytest.mark.parametrize("fixture,kb,text,vertical", GUARDS)
def test_the_business_itself_still_answers(request, monkeypatch, meaning, fixture, kb, text, vertical):
    assert_unseen(text)
    monkeypatch.setenv("MPA_KB_DIR", kb)
    engine = request.getfixturevalue(fixture)
    p = parse(text)
    found = find_benchmarks(engine, p.business_phrase, p.metrics[0] if p.metrics else "CPC")
    assert {r.vertical for r in found.result} == {vertical}, found.reason
