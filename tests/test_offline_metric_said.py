"""What metrics the parser reads of a message (``parse(text).metrics``): a metric named, clipped, glossed, described
by its ratio or by what is paid for, priced in an idiom, in speech forms or in plain words — and wording that names
none. One table for every such rule, not a small one in each file whose rule it was written for: each group says the
rule. Wording of our own, checked unseen."""
from __future__ import annotations

import pytest

from agent.offline.parse import parse
from tests.unseen_wording import assert_unseen

# (message, the metrics read, in order)
METRICS_SAID = [
    # a price said money-first prices that one thing; a total spent on many is no unit price
    ("we pay roughly $30 to get a single lead, is that bad?", ["CPL"]),
    ("honestly we're paying about 70 bucks to win one new customer", ["CAC"]),
    ("we spent 20k to get more customers this spring", []),
    # a price asked in speech forms ("the going rate for", "one … cost")
    ("Our crew runs a dental practice. What's the going rate for a lead these days?", ["CPL"]),
    ("is there a usual rate for one install of a mobile game?", ["CPI"]),
    ("whats a single click on tiktok go for?", ["CPC"]),
    ("what's one lead cost a bank?", ["CPL"]),
    # a unit priced in an idiom ("set us back", "going rate per", "price to get one")
    ("what will one lead set us back?", ["CPL"]),
    ("how much is one app install these days", ["CPI"]),
    ("what's the going rate per lead right now", ["CPL"]),
    ("ballpark price to get one paying customer?", ["CAC"]),
    # a unit priced in plain words ("how much per lead", "what are clicks going for"); a unit no metric counts is none
    ("roughly how much per lead should a dental practice budget?", ["CPL"]),
    ("how much per click do plumbing contractors end up paying?", ["CPC"]),
    ("what's the price of one download for a puzzle game?", []),  # no metric counts downloads by name
    ("tell me the price of a single install for our racing app", ["CPI"]),
    ("We keep buying clicks; what do those usually run for a hotel chain?", ["CPC"]),
    ("lots of leads lately, how much are they for a bank?", ["CPL"]),
    ("the cost of one impression on streaming TV?", ["CPM"]),
    ("what are clicks going for in home goods?", ["CPC"]),
    ("how pricey are installs for a trivia app?", ["CPI"]),
    ("whats the per-click price for a florist?", ["CPC"]),
    ("what are we looking at per lead for a roofer?", ["CPL"]),
    ("how costly are leads in mortgage lending?", ["CPL"]),
    # a metric described by its ratio ("what share of folks who see our ads click", "revenue back per ad dollar")
    ("I run a used car lot. What share of folks who see our ads actually click them?", ["CTR"]),
    ("what percent of the viewers tap on the banner", ["CTR"]),
    ("We own hardware stores. What fraction of ad clicks turn into sales?", ["CVR"]),
    ("We're a boutique hotel group. How many dollars of bookings come back per dollar of advertising?", ["ROAS"]),
    ("how much sales revenue do we get back per dollar of ad spend", ["ROAS"]),
    ("And what do they get back for every dollar spent on ads?", ["ROAS"]),
    ("what's a fair return on our ad dollars", ["ROAS"]),
    ("We're a cruise line. What's the going rate for a thousand ad views?", ["CPM"]),
    ("What does it cost to reach a thousand people with a banner?", ["CPM"]),
    ("What do we usually pay for every person who clicks our ad?", ["CPC"]),
    ("what's a sensible figure for each sales lead?", ["CPL"]),
    ("For an online furniture shop, what portion of shoppers who click our ad end up purchasing?", ["CVR"]),
    ("What slice of the people shown our banner actually tap it?", ["CTR"]),
    ("how often do people who see the ad click on it", ["CTR"]),
    ("what's the charge every time someone taps the ad", ["CPC"]),
    ("what's a normal price to show our ad a thousand times?", ["CPM"]),
    ("for every dollar we put into ads, how much revenue should come back?", ["ROAS"]),
    ("what multiple of our ad spend should we make back in sales?", ["ROAS"]),
    ("how many dollars in sales does each ad dollar usually bring in?", ["ROAS"]),
    ("what's the cost to get one person to install our game?", ["CPI"]),
    ("out of the people who click, how many convert?", ["CVR"]),
    ("We run a furniture chain. How much should each new shopper cost us?", ["CAC"]),
    ("what does a first-time guest usually cost a hostel?", ["CAC"]),
    # a metric described by what is paid for or what it compares
    ("for a credit union, what does it typically run to sign up one brand-new member?", ["CAC"]),
    ("for a juice brand, what should we pay for a streaming clip that viewers sit through to the end?", ["CPCV"]),
    ("what does a video watched in full usually cost a cereal maker", ["CPCV"]),
    ("what multiple of what a customer is worth against what they cost to win is healthy for a credit union?", ["LTV:CAC"]),
    ("for a spa resort: of the visitors who click on the ads, what share go on to reserve a treatment?", ["CVR"]),
    ("of those tapping through, how many sign up?", ["CVR"]),
    ("for our candle web shop, roughly what does it cost to win someone who has never ordered from us?", ["CAC"]),
    ("what's a good customer-value-to-acquisition-cost multiple for insurers?", ["LTV:CAC"]),
    ("we've got 9k a month. if our first-time shopper cost sits in the typical band, how many shoppers is that at each end?",
     ["CAC"]),
    ("for a bank, how many times over does a new customer typically repay what it cost to acquire them?", ["LTV:CAC"]),
    ("for a bank, what's the usual rate at which people who click go on to open an account?", ["CVR"]),
    ("what is the normal cost for a skincare brand each time someone watches our whole video?", ["CPCV"]),
    # a share of visitors doing something is the rate that counts it; a share doing what no rate counts is none
    ("roughly what fraction of our site visitors wind up ordering?", ["CVR"]),  # an action no rate names
    ("what fraction of clicks turn into orders, typically?", ["CVR"]),  # clicks are who is counted
    ("what share of people who see it click", ["CTR"]),  # the action names the rate
    ("what share of visitors leave smiling?", []),  # no conversion is counted
    # everyday words: a bare "return", money back against money spent, asking for details, a paying member, an act
    ("what sort of return should a bike shop expect?", ["ROAS"]),
    ("and what's a decent return for a hotel?", ["ROAS"]),
    ("how much return on the marketing cash is normal for us", ["ROAS"]),
    ("is a 3x return on our advertising budget ok for a winery?", ["ROAS"]),
    ("what do we make back compared to what we spend on ads, usually?", ["ROAS"]),
    ("what should it cost to get a homeowner to ask for details?", ["CPL"]),
    ("what do we pay for each visitor who requests a brochure", ["CPL"]),
    ("and a paying subscriber?", ["CAC"]),
    ("ok, and per member who actually joins and pays?", ["CAC"]),
    ("now to win a first-time guest?", ["CAC"]),
    ("what should it cost us to get a homeowner to fill out the quote form on our site", ["CPL"]),
    ("roughly what do gyms pay for a visitor to send in their contact details", ["CPL"]),
    ("what do wineries pay for someone to view a video clip of theirs all the way through", ["CPCV"]),
    ("what does it cost a bakery each time a thousand people see one of our ads", ["CPM"]),
    # a bracketed gloss names the priced unit; a gloss that names no unit changes nothing
    ("what should a sign-up (a lead) cost a law school?", ["CPL"]),
    ("what should a booking (a conversion) cost a resort?", ["CPA"]),
    ("what should a download (i.e. an install) cost for a puzzle app?", ["CPI"]),
    ("what should a visit (an impression) cost us?", ["CPM"]),
    ("and what should a shopper (a new customer) cost a furniture store?", ["CAC"]),
    ("what should the campaign (our spring one) cost?", []),
    # a named metric wins over "how often"
    ("how often should the team revisit our cost per click?", ["CPC"]),
    ("how often do we end up paying for a click in search?", ["CPC"]),
    ("how often do shoppers actually click a banner?", ["CTR"]),  # still a rate of the audience's
    ("how often does each click turn into an order?", ["CVR"]),  # the clicks counted: a conversion rate
    # a long metric name clipped to its first word and a word for a figure
    ("and the return figure for hotels?", ["ROAS"]),
    ("what's a normal return multiple for a car dealer?", ["ROAS"]),
    ("that lifetime figure, what's healthy for saas?", ["LTV:CAC"]),
    ("what return number do lenders usually hit?", []),  # no determiner before it: not this form
    ("what's the customer number for banks?", []),  # a word other names use too: a count, not a metric
    ("the conversion number for apps?", []),  # opens a two-word name only
]


def test_the_wording_is_unseen():
    assert_unseen([text for text, _ in METRICS_SAID])


@pytest.mark.parametrize("text,metrics", METRICS_SAID)
def test_the_metrics_a_message_names(text, metrics):
    assert parse(text).metrics == metrics
