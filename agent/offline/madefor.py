"""A product said by what it is and the device it runs on: "a farming sim for phones", "a roguelike on the Switch".

Why a module: a studio or an app maker names its business by the product it is making — a genre ("sim",
"roguelike", "match-3") and the device it ships on ("for phones", "on mobile", "for PC and console") — not by
a trade noun. Two misreadings followed. The "for …" of the device was taken for whom the business is ("for
phones": a vertical called "phones", which the benchmark look-up then matched to whatever passage mentions
phone calls), and the product itself ("we're making a farming sim") was never read, because "making" in the
progressive is not one of the trade verbs the business forms know. Read here, from trade knowledge only:

* :func:`is_device` — a phrase made only of devices, operating systems or consoles names where a product runs,
  never a kind of business;
* :data:`MAKING` — "we're making / building / developing / publishing a …": the product being made, accepted
  (:func:`names_product`) only when it ends in a medium's noun or a genre, or a device follows it — "we're
  building a funnel", "we're developing a plan" name no business;
* :func:`as_business` — a genre said without its medium's noun ("a farming sim") is a game: the noun is added so
  the KB's own vertical ("Mobile gaming", "Mobile Games") is found by its own word.
"""
from __future__ import annotations

import re

from mpa import devices

# a device said after the product: "… for phones", "… on mobile", "… for the switch"
_ON_DEVICE = re.compile(r"^\s+(?:for|on)\s+(?:the\s+)?(?:" + devices.WORD + r")\b", re.I)
# genres of game as the trade names them; a product ending in one is a game
_GENRE = re.compile(r"\b(?:sims?|simulators?|simulation|rpgs?|jrpgs?|mmos?|mmorpgs?|mobas?|shooters?|fps|platformers?|"
                    r"roguelikes?|roguelites?|metroidvanias?|puzzlers?|tycoons?|deckbuilders?|deck-builders?|brawlers?|"
                    r"city[- ]builders?|battle royales?|visual novels?|tower defen[cs]e|match[- ]?(?:3|three)|"
                    r"idle clickers?|clickers?|hyper-?casual|soulslikes?|survival crafters?)$", re.I)
# a medium's own noun: the product already says what it is
_MEDIUM = re.compile(r"\b(?:games?|apps?|applications?|titles?)$", re.I)
_MAKING_VERBS = r"making|building|developing|publishing|designing|creating|shipping|releasing|producing|launching"
MAKING = re.compile(r"\b(?:we|i)(?:'re|’re| are|'m|’m| am) (?:(?:currently|now|still|just|busy) )?(?:" + _MAKING_VERBS
                    + r") (?:an? |the |our |my )(?P<p>[a-z][a-z0-9&/\- ]{1,50}?)"
                    r"(?=\s+(?:that|which|who|for|on|in|with|and|so|but|to)\b|\s+[-–—]\s|[.,;?!(]|$)", re.I)


def is_device(phrase: str) -> bool:
    """Is ``phrase`` only devices, systems or consoles ("phones", "the switch", "ios and android")?"""
    return devices.only(phrase)


def names_product(phrase: str, after: str) -> bool:
    """Does a product made ("we're making a …") name the business: a medium's noun or a genre ends it, or a
    device follows it (``after``: the message after the phrase)?"""
    return bool(_MEDIUM.search(phrase) or _GENRE.search(phrase) or _ON_DEVICE.match(after))


def as_business(phrase: str) -> str:
    """``phrase`` with the medium's noun a genre leaves unsaid: "farming sim" → "farming sim game"."""
    return f"{phrase} game" if _GENRE.search(phrase) and not _MEDIUM.search(phrase) else phrase


# the business a user says they market, in the present — "I market a language school for adults", "we promote a
# climbing gym in Boise" — read before the "for …" that follows it, which names whom the business serves
MARKETS = re.compile(r"\b(?:we|i) (?:(?:also|now|currently|mainly|just) )?(?:market|advertise|promote) (?:an? |the |our |my )(?P<p>[a-z][a-z0-9&/\- ]{2,60}?)"
                     r"(?=\s+(?:that|which|who|whose|and|so|but|with|in|for|near|out of)\b|[.,;?!(]|$)", re.I)

