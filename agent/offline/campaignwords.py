"""The words that name a campaign: a piece of work with its own budget and its own span ("the spring push", "a search
test", "the launch flight", "the year-end appeal").

Why: a campaign named where a business, a unit or a budget's owner might stand is none of those — "for the fall push"
names no business (business), "$250k for a video push" is no price of one push (roles), "the spring campaign has its
own budget" says whose budget (otherbudget), "will the appeal bring in 300 donors" is the user's own effort
(planinputs), "what's that per month over the flight" asks a period and nothing else (perperiod). Each reader listed
these words again, and the copies had drifted apart; they share this one list and add only the words their own
sentence needs (a time span, "ads").
"""
from __future__ import annotations

CAMPAIGN = ("campaign", "push", "promo", "promotion", "launch", "drive", "sale", "flight", "blitz", "burst", "test",
            "pilot", "event", "appeal")
