"""A business phrase whose head is another trade's name than the label's: "wedding photographer" is no "Wedding Venues".

Why: a label found through one shared word (:func:`mpa.labels.match_labels` rule 3, confirmed by meaning in
:mod:`mpa.labelmeaning`) may share only the phrase's modifier — the word that says *which* photographer — while the
phrase's head, the noun it is about, names a trade of its own: a person who does the work ("photographer",
"planner", "florist", "walker"), and the label's own head is another ("Venues"). The sentence encoder rates "wedding
photographer" near "Wedding Venues" (the shared word dominates a short phrase), yet a photographer's clicks are not a
venue's. So when the phrase's head is such a doer's noun and the label does not say it (by root: "groomer" is said
by "Dog Grooming"), the phrase names another business and the label is dropped — the tools then say the KB has no
such vertical, instead of another trade's figures.

Left to the other rules: a label whose head the phrase says ("card issuer" and "Credit Cards", "solar farm developer"
and "Solar": the doer works in the label's goods); a head that names goods ("solar panels"); a doer's noun that only
says the form of a business ("contractor", "supplier": :data:`FORM_DOERS`); a label that sells the phrase's work
as a service ("tax preparers" and "Accountants and Tax Services": :data:`SERVICE_HEADS`); a doer's noun the encoder finds near the
label or one of its words (:data:`SAME_TRADE`: "divorce lawyer" and "Family Law and Divorce Attorneys"). Without an
encoder the word match stands, as in :mod:`mpa.labelmeaning`.

The same check holds for a vertical a vocabulary name inside the phrase reaches ("hotel florist": "hotel" is travel's
name) and for one a table KB's introduction reaches, whose listed names then say a trade too ("orthodontist" is near
healthcare's "dental and vision practices"): :func:`not_theirs`, which adds work done on goods (:mod:`mpa.workverb`).
"""
from __future__ import annotations

import re
from typing import Iterable

from mpa.labelwords import parts, root, stems
from mpa.resolve import industry_words, similarities

# doer's nouns that say the form a business takes, not its trade ("roofing contractor", "packaging supplier")
FORM_DOERS = frozenset("""contractor supplier provider seller reseller retailer dealer vendor distributor manufacturer maker
    producer operator owner specialist professional partner member customer consumer user buyer shopper player
    founder manager director marketer advertiser officer leader worker employer""".split())
# label heads that only say a business sells its modifier's work as a service ("Tax Services", "Cleaning Companies"):
# a doer of that work is in that trade. Roots, as :func:`mpa.labelwords.root` of the analyzer's stems gives them
SERVICE_HEADS = frozenset(root(s) for w in "services providers companies firms agencies businesses practices".split()
                          for s in stems(w))
# the head's similarity to the label or one of its words that says the same trade in other words ("lawyer" and
# "Attorneys" 0.91, "groomer" and "Grooming" 0.78, "exterminator" and "Pest" 0.41); other trades measured 0.10-0.32
# ("photographer", "planner", "caterer", "DJ" against "Wedding Venues"; "walker" against "Dog Grooming")
SAME_TRADE = 0.4
_DOER = re.compile(r"^[a-z]{3,}(?:er|or|ist|ian)$")


def head(phrase: str) -> str:
    """The last word of ``phrase``'s own name, singular: "wedding photographers" → "photographer" ("" when none)."""
    words = re.findall(r"[a-z]+", industry_words(phrase or "").lower())
    if not words:
        return ""
    w = words[-1]
    return w[:-1] if w.endswith("s") and not w.endswith("ss") else w


def other_trade(phrase: str, label: str, kin: "Iterable[str]" = ()) -> bool:
    """Is ``phrase``'s head a doer's noun naming a trade ``label`` does not say (module doc)? ``kin``: the names the
    KB lists for what the label covers ("dental and vision practices" for healthcare), which say a trade as well."""
    h = head(phrase)
    if not _DOER.match(h) or h in FORM_DOERS or len(re.findall(r"[a-z]+", phrase.lower())) < 2:
        return False
    said = {root(s) for p in parts(label) for s in stems(p)}
    if ({root(s) for s in stems(h)} | {root(h)}) & said:
        return False
    own = {root(s) for s in stems(phrase)}
    if any({root(s) for s in stems(p.split()[-1])} & own for p in parts(label)[1:] or parts(label)):
        return False   # the label's own head is the phrase's word: "solar farm developer" works in "Solar"
    if any(_sells_as_service(p, own) for p in parts(label)):
        return False   # the label sells the phrase's work as a service: "tax preparers" do "Tax Services"
    sims = similarities(h, [label] + re.findall(r"[A-Za-z]{4,}", label) + list(kin))  # "lawyer" is said by "Attorneys"
    return bool(sims) and max(sims) < SAME_TRADE


def _sells_as_service(part: str, own: set[str]) -> bool:
    """Is the label part "<work> <service head>" ("tax services") with its work said by the phrase (``own``: the roots
    of its stems)?"""
    *work, last = part.split()
    head_stems = stems(last)
    return bool(work and head_stems) and root(head_stems[0]) in SERVICE_HEADS \
        and bool({root(s) for s in stems(" ".join(work))} & own)


def not_theirs(phrase: str, name: str, texts: "Iterable[str]" = (), kin: "Iterable[str]" = ()) -> bool:
    """Does ``phrase`` reach ``name`` (a KB label, or a vertical with the vocabulary's names for it) only through
    another trade's words — a doer's head noun the name does not say (:func:`other_trade`: "hotel florist" and
    travel), or goods its work is done on (:func:`mpa.workverb.set_aside`: "we calibrate bank vaults" and banking)? The
    one check for every way a phrase reaches a vertical: a vocabulary name inside it, a label rule, the words of a
    vertical's introduction (``kin``: the names it lists), or meaning."""
    from mpa.workverb import set_aside
    return other_trade(phrase, name.replace("-", " "), kin) or set_aside(phrase, name, texts)
