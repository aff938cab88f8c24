"""The tool calls a turn makes again once its first results are in, each chain in the order it takes precedence.

Why a module of its own: these were three lines of ``or``-joined calls in :mod:`agent.offline.policy`, so which retry
wins was visible only by reading each line left to right. Here each chain is a tuple with one reason per entry; the
first step that returns something wins, and each is called only when every step before it declined. Three chains,
because they run at three moments of the answering round: :func:`tool_calls` before anything is read (a look-up that
missed, asked again another way), :func:`first_search` before the reader answers (every search came back empty), and
:func:`second_search` after the reader and the re-readers answered (what they found points at another section).
"""
from __future__ import annotations

from agent.offline import attrretry, bandsibling, changedmetric, definition, drawnon, glossalone, keptretry, meaningsearch, platformkind, nextsection, placeretry, platformretry, provedworked, routeretry, searchq, versushead
from agent.offline.firstof import first


def tool_calls(user_text: str, asked_before: list[str], outcomes: list, previous: tuple | None,
               searchable: bool) -> list[tuple[str, dict]] | None:
    """The look-ups to make again, as (tool name, input) pairs, else None. ``asked_before``: the earlier messages;
    ``searchable``: search_knowledge_base is among the tools."""
    return first((
        # an audience the sizing tool sizes only for other places: the place the user meant among them
        lambda: placeretry.calls(user_text, outcomes),
        # a platform whose figure the business's table lacks: the platform's own figures
        lambda: platformretry.calls(user_text, outcomes),
        # a platform kept from the last turn that the business named now has no row for: the business's own figures
        lambda: keptretry.calls(user_text, outcomes),
        # a business the KB does not know by its goods: by how it sells (with the question's searches, when searchable)
        lambda: routeretry.calls(user_text, asked_before, outcomes,
                                 (lambda: searchq.form(user_text, previous).queries) if searchable else list),
    ))


def first_search(user_text: str, outcomes: list, said: list[str]) -> str | None:
    """The search to run again before the reader answers, else None (``said``: the conversation's answers)."""
    return first((
        # every search empty: the section nearest in meaning in a document already cited, before the word retries,
        # which drop words until something matches and leave no round for it
        lambda: meaningsearch.drawn(user_text, outcomes, drawnon.files(said)),
        # every search empty: the question alone, or without the user's own figures
        lambda: searchq.retry(user_text, outcomes),
        # the attribute a question word asks for found nothing: that search without the question phrase
        lambda: attrretry.query(user_text, outcomes),
        # "CPMs jumped 30%": the trade's name for the rise ("CPM spike"), searched alone
        lambda: changedmetric.query(user_text, outcomes),
        # the search carrying the KB's terms for an everyday phrase found nothing, another did: the terms alone
        lambda: glossalone.query(user_text, outcomes),
    ))


def second_search(user_text: str, previous: tuple | None, outcomes: list, text: str, said: list[str]) -> str | None:
    """The search to run after the readers answered (``text``: their answer), else None."""
    return first((
        # a budget stated and only another money band's section found: that section's siblings, by its heading's words
        lambda: bandsibling.query(user_text, outcomes),
        # "the difference between A and B" that no heading set apart: the KB's "A versus B"
        lambda: versushead.query(user_text, outcomes),
        # a term the passages do not define: the term alone, with its spelled-out name
        lambda: definition.query(user_text, outcomes),
        # "and after that?" after a whole section was quoted: the section that follows it
        lambda: nextsection.query(user_text, previous, outcomes),
        # "how would we know if it worked?" declined: the measurement section of the document ranked first
        lambda: provedworked.query(user_text, outcomes, text, said),
        # the answer declined and the question names a platform the KB lists by its kind: said as one of that kind
        lambda: platformkind.query(user_text, outcomes, text),
        # last, the answer declined: the section nearest in meaning, by its headings
        lambda: meaningsearch.query(user_text, outcomes, text, drawnon.files(said)),
    ))
