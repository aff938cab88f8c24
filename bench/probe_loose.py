"""A probe of benchmark look-ups where the business and the metric are described loosely, in this file's
own wording (``tests/unseen_wording.py`` checks it): the business as an owner says it ("a little web
boutique", "a used car lot", "marketing at a hospital"), the metric by the ratio it is ("what share of
folks who see our ads click", "revenue back per ad dollar", "the going rate for a thousand views"), on
``kb/`` and ``tests/fixtures/kb_txt``, single turns and "and for X?" follow-ups, plus businesses the KB
does not cover (which must be declined, not forced onto the nearest vertical).

A conversation passes when its last turn's ``get_benchmark`` resolves to the expected vertical (a
substring of the tool's own header) and metric; a decline passes when no ``get_benchmark`` succeeds.
Slow (a conversation engine per KB):

    PYTHONPATH=$PWD python bench/probe_loose.py [-v]
"""
from __future__ import annotations

import json
import re
import sys
import warnings
from pathlib import Path

KB = "kb"
TXT = "tests/fixtures/kb_txt"
# (kb, [user turns], (vertical substring, metric) | None = must decline)
PROBES = [
    (KB, ["We run a little web boutique selling handmade candles. What's a normal price for each click?"], ('ecommerce', 'CPC')),
    (KB, ['I manage marketing for a dental office. How much should we expect to spend to win one new patient?'], ('healthcare', 'CAC')),
    (KB, ["We're a regional credit union promoting a savings account. What does a lead typically cost us?"], ('financial', 'CPL')),
    (KB, ['Our studio makes puzzle games for phones. How much do we pay for each download?'], ('gaming', 'CPI')),
    (KB, ['I run a used car lot. What share of folks who see our ads actually click them?'], ('automotive', 'CTR')),
    (KB, ["We're a community college. What's the usual expense per enrollment inquiry?"], ('education', 'CPL')),
    (KB, ["We're a boutique hotel group. How many dollars of bookings come back per dollar of advertising?"], ('travel', 'ROAS')),
    (KB, ['We make project-management software that we sell to companies. Typical cost to land a paying customer?'], ('saas', 'CAC')),
    (KB, ["We're a snack food maker stocked in supermarkets. What does it cost to reach a thousand people with ads?"], ('cpg', 'CPM')),
    (KB, ['We own a chain of hardware stores with a website too. What fraction of ad clicks turn into sales?'], ('retail', 'CVR')),
    (KB, ["For a telehealth startup, what's a normal cost per booked appointment?"], ('healthcare', 'CPA')),
    (KB, ['We sell sneakers direct to consumers through our own site; how much revenue comes back for every ad dollar?'], ('ecommerce', 'ROAS')),
    (KB, ["For a beverage brand, what should we pay for each video that's watched all the way through?"], ('cpg', 'CPCV')),
    (KB, ["I'm marketing a coding bootcamp. What's a healthy ratio of customer lifetime value to acquisition cost?"], ('education', 'LTV:CAC')),
    (KB, ["We're a lender offering personal loans. What percent of people who click our ads go on to apply?"], ('financial', 'CVR')),
    (KB, ["We're a cruise line. What's the going rate for a thousand ad views?"], ('travel', 'CPM')),
    (KB, ['I publish a fantasy role-playing game on mobile. What share of people who see our ads tap on them?'], ('gaming', 'CTR')),
    (KB, ['We run a hospital network. What do we usually pay for every person who clicks our ad?'], ('healthcare', 'CPC')),
    (KB, ['Our company sells accounting software to small firms. How much does each lead cost?'], ('saas', 'CPL')),
    (KB, ["We're a car dealership group. What's a sensible figure for each sales lead?"], ('automotive', 'CPL')),
    (KB, ["We're a department store. How much sales revenue do we get back per dollar of ad spend?"], ('retail', 'ROAS')),
    (KB, ["We sell skincare online. What's the usual cost per click?", 'And for a bank?'], ('financial', 'CPC')),
    (KB, ["What's the click-through rate for a university?", 'What about for a hotel chain?'], ('travel', 'CTR')),
    (KB, ['How much does a mobile game studio pay per install?', 'And what do they get back per dollar spent on ads?'], ('gaming', 'ROAS')),
    (KB, ['We run a language school. What do we usually pay per submitted application?'], ('education', 'CPA')),
    (KB, ["We're a grocery chain. What's the price of a thousand impressions?"], ('retail', 'CPM')),
    (KB, ["We're a payment app. What share of the people who tap our ads end up signing up?"], ('financial', 'CVR')),
    (KB, ['We rent out vacation homes. What does it cost us to gain a new guest?'], ('travel', 'CAC')),
    (KB, ['We sell a B2B analytics platform. What do we typically pay per free-trial signup?'], ('saas', 'CPA')),
    (KB, ["We're a frozen pizza brand sold in grocery stores. What's the return on our ad dollars?"], ('cpg', 'ROAS')),
    (KB, ['An eye clinic: what do clicks on our ads normally cost?'], ('healthcare', 'CPC')),
    (KB, ['We run an online used-car marketplace. What should each click cost?'], ('automotive', 'CPC')),
    (KB, ["We're a personal injury law practice. What should we pay per click?"], None),
    (KB, ["We're a real estate brokerage. What's a normal cost per lead?"], None),
    (KB, ["I run a pizza restaurant. What's a typical click-through rate?"], None),
    (KB, ["We're a charity raising donations. What's the cost per click?"], None),
    (KB, ["We're an insurance broker. What's the usual cost per lead?"], None),
    (KB, ['We run a dog grooming salon. What do people pay per click?'], None),
    (KB, ["We operate a cannabis dispensary. What's the cost per thousand impressions?"], None),
    (KB, ["We're a sportsbook app. What's a typical cost per install?"], None),
    (KB, ["We install rooftop solar panels. What's a typical cost per lead?"], None),
    (KB, ["We're a wedding photographer. What's the usual cost per click?"], None),
    (TXT, ["We're a family dentist's office. What do we pay per click on Google?"], ('dental', 'CPC')),
    (TXT, ['We run an AC repair and furnace company. Typical price of a Google click?'], ('hvac', 'CPC')),
    (TXT, ["We're a roofing contractor. What do Google clicks cost us?"], ('roofing', 'CPC')),
    (TXT, ['We run a yoga studio. What does a click on Facebook cost?'], ('fitness', 'CPC')),
    (TXT, ["We're a personal injury law practice. What should we pay per click on Google?"], ('legal', 'CPC')),
    (TXT, ['We sell dog food and cat toys online. How much revenue per ad dollar do Shopping ads return?'], ('pet', 'ROAS')),
    (TXT, ["We're a lipstick and mascara brand. What's the return on ad spend on Meta?"], ('beauty', 'ROAS')),
    (TXT, ['We run an assisted living community. What does each lead cost?'], ('senior', 'CPL')),
    (TXT, ["We install rooftop solar panels. What's a typical cost for a lead?"], ('solar', 'CPL')),
    (TXT, ["We're a tax preparation firm. What do clicks cost on LinkedIn?"], ('tax', 'CPC')),
    (TXT, ["We're a team of realtors. What does Meta charge per thousand impressions?"], ('real estate', 'CPM')),
    (TXT, ['We run a pizza delivery chain. What share of TikTok viewers tap our ads?'], ('restaurant', 'CTR')),
    (TXT, ["We're a graduate business school. What do we pay per conversion on Google?"], ('education', 'CPA')),
    (TXT, ['What does a dentist pay per click on Google?', 'And for a gym?'], ('fitness', 'CPC')),
    (TXT, ["We're a credit union. What's our cost per acquisition on Google?"], ('banking', 'CPA')),
    (TXT, ["We're a mobile game studio. What's a typical cost per install?"], None),
    (TXT, ["We run a funeral home. What's the cost per click on Google?"], None),
    (TXT, ["We're a crypto exchange. What's a normal click-through rate on Meta?"], None),
    (TXT, ["We run a car wash. What's the cost per click on Google?"], None),
    (KB, ['My wife and I sell handmade leather wallets through our Shopify site. For every dollar we put into ads, how much revenue should come back?'], ('ecommerce', 'ROAS')),
    (KB, ['I do marketing for an orthodontist. What do we pay each time somebody clicks our ad?'], ('healthcare', 'CPC')),
    (KB, ["We're a neobank. What slice of the people shown our banner actually tap it?"], ('financial', 'CTR')),
    (KB, ['Our indie team ships word puzzles on iOS. What does each app download cost us?'], ('gaming', 'CPI')),
    (KB, ['We run an online MBA program. What does it cost to bring in a brand-new student?'], ('education', 'CAC')),
    (KB, ["We're a resort on the coast. What's a normal price to show our ad a thousand times?"], ('travel', 'CPM')),
    (KB, ['We sell HR software to mid-size companies. How much do we pay per inquiry?'], ('saas', 'CPL')),
    (KB, ['We make sparkling water sold in grocery stores. What do a thousand views of our banner cost?'], ('cpg', 'CPM')),
    (KB, ['We run a furniture store chain with shops in five states. What percent of shoppers who click our ads end up buying?'], ('retail', 'CVR')),
    (KB, ["I'm with a regional bank launching a checking account. What's the cost per application?"], ('financial', 'CPA')),
    (KB, ["We're a used-car dealer. What do we usually pay to get one qualified lead?"], ('automotive', 'CPL')),
    (KB, ["We run a chain of physical therapy clinics. What's the charge every time someone taps the ad?"], ('healthcare', 'CPC')),
    (KB, ["We're an airline. How many dollars in sales does each ad dollar usually bring in?"], ('travel', 'ROAS')),
    (KB, ['We sell a meal-kit subscription online. What should each new paying customer cost us?'], ('ecommerce', 'CAC')),
    (KB, ["We're a software company selling project tools to businesses. What click-through should we expect?", 'and what about for a telehealth service?'], ('healthcare', 'CTR')),
    (KB, ['Typical CPC for a language school?', 'And for a payment app?'], ('financial', 'CPC')),
    (KB, ["We're a makeup brand sold at drugstores. What's the cost per completed view on video?"], ('cpg', 'CPCV')),
    (KB, ["We publish free-to-play mobile games. What's the cost to get one person to install our game?"], ('gaming', 'CPI')),
    (KB, ["We're a university. How often do people who see the ad click on it?"], ('education', 'CTR')),
    (KB, ["We're a car dealership. Out of the people who click, how many convert?"], ('automotive', 'CVR')),
    (KB, ["We run a tattoo parlor. What's a normal cost per click?"], None),
    (KB, ["We're a law firm handling immigration cases. Typical cost per lead?"], None),
    (KB, ["We run an animal shelter. What's a typical click-through rate?"], None),
    (KB, ["We're a mortgage broker for home buyers. What's the usual cost per lead?"], ('financial', 'CPL')),
    (TXT, ['We run a chiropractic... no wait, a dental clinic. How much is each Google click?'], ('dental', 'CPC')),
    (TXT, ["We're a plumbing company. What slice of Google searchers click our ads?"], ('hvac', 'CTR')),
    (TXT, ["We run a CrossFit gym. What's a normal price to show Meta ads a thousand times?"], ('fitness', 'CPM')),
    (TXT, ["We're a divorce attorney. What do we pay each time somebody clicks our Google ad?"], ('legal', 'CPC')),
    (TXT, ['We sell cat litter and dog beds online. For every dollar we put into Meta ads, how much revenue comes back?'], ('pet', 'ROAS')),
    (TXT, ["We're a hotel. What percent of people who see our Google ads click them?"], ('travel', 'CTR')),
    (TXT, ["We're a bank. What do a thousand impressions on LinkedIn cost?"], ('banking', 'CPM')),
    (TXT, ['We run a senior living community. How much do we pay per inquiry?'], ('senior', 'CPL')),
    (TXT, ["We're a brewery taproom. What's a normal cost per click on Google?"], None),
    (TXT, ["We run a daycare center. What's the cost per click on Google?"], None),
    (KB, ["What's a typical cost per click for an online pet treat shop?", 'what about the share of people who see the ad and click it?'], ('ecommerce', 'CTR')),
    (KB, ["We're a fintech lender. What do we pay for each click?", 'And how much revenue comes back per ad dollar?'], ('financial', 'ROAS')),
    (KB, ['How much does a dental clinic pay per lead?', 'Same question for a coding school.'], ('education', 'CPL')),
    (KB, ["What's the cost per thousand impressions for a hotel chain?", 'and for a car dealer?'], ('automotive', 'CPM')),
    (KB, ["We run a video game studio making phone games. What's the share of viewers who tap our ads?"], ('gaming', 'CTR')),
    (KB, ["Our company makes CRM software for small businesses. What's a healthy LTV to CAC?"], ('saas', 'LTV:CAC')),
    (KB, ["We're a department store chain. How much should each new shopper cost us?"], ('retail', 'CAC')),
    (KB, ["We're a travel agency online. What percent of clicks turn into bookings?"], ('travel', 'CVR')),
    (KB, ["We're a bakery brand whose cookies are sold in grocery stores. What's the cost per thousand impressions?"], ('cpg', 'CPM')),
    (KB, ['I run marketing at a hospital. How much revenue per ad dollar should we expect?'], None),
    (KB, ["We're a yacht charter company. What's the cost per click?"], None),
    (KB, ['We run a funeral home. What do we pay per lead?'], None),
    (TXT, ['How much does a roofer pay per click on Google?', 'and a dentist?'], ('dental', 'CPC')),
    (TXT, ["We're a gym chain. What share of people who see our TikTok ads tap them?"], ('fitness', 'CTR')),
    (TXT, ["We run an online store for skincare. What's the ROAS on Google Shopping?"], ('ecommerce', 'ROAS')),
    (TXT, ["We're a bank. What do we pay each time somebody clicks our LinkedIn ad?"], ('banking', 'CPC')),
]


def run(verbose: bool = False) -> dict[str, list[int]]:
    warnings.simplefilter("ignore")
    from agent.engine import ConversationEngine
    from agent.models import make_model
    from agent.prompts import system_prompt
    from evals.settings import DEFAULT_PRESET
    from mpa.engine import build_engine
    from mpa.tools import ToolExecutor
    from rag.config import get_preset

    engines, score = {}, {KB: [0, 0], TXT: [0, 0]}
    for kb, turns, want in PROBES:
        if kb not in engines:
            engines[kb] = build_engine(kb, get_preset(DEFAULT_PRESET),
                                       index_path=str(Path(".index") / f"{Path(kb).name}-probe-index.json"))
        conv = ConversationEngine(make_model("offline"), ToolExecutor(engines[kb]), system_prompt())
        for t in turns:
            rec = conv.send(t)
        got = []
        for tc in rec.tool_calls:
            tc = tc if isinstance(tc, dict) else vars(tc)
            if tc.get("name") == "get_benchmark":
                m = re.match(r"get_benchmark: (.+?)(?: —|\n|$)", str(tc.get("content") or ""))
                got.append((json.dumps(tc.get("input")), m.group(1) if m else None))
        hits = [g for _, g in got if g]
        ok = not hits if want is None else any(
            want[0].lower() in g.lower().replace("-", " ") and re.search(r"(?<![\w:])" + re.escape(want[1]) + r"(?![\w:])", g)
            for g in hits)
        score[kb][0] += ok
        score[kb][1] += 1
        if verbose or not ok:
            print("PASS" if ok else "FAIL", f"[{kb}]", want, "|", turns[-1], "|", got, "|", rec.assistant[:160])
    return score


if __name__ == "__main__":
    for kb, (a, b) in run("-v" in sys.argv).items():
        print(f"{kb}: {a}/{b} conversations resolve as expected")
