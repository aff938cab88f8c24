"""A user message as the rules read it (agent.offline.typed), one typing habit at a time and all at once: chat short
forms and contractions typed without their apostrophe written in full (agent.offline.shortforms), the bare form that
is also a word read as the contraction only where the next words settle it (agent.offline.barewords), a place code
in lower case after a preposition of place read back (agent.offline.unmarked), lead-ins, trailing hedges and the
discourse "like" set aside (agent.offline.fillers), percentages written out read as figures — each reader leaves
real words as typed — and the agent asks the tools what the clean wording asks, on kb/ and on the plain-text kb_txt2.
The readers that read a KB's own words (kbcase, spelling) have their files; their agent checks are in the one table
here. Own wording only."""
from __future__ import annotations

import pytest

from agent.offline import barewords, fillers, shortforms, unmarked
from agent.offline.typed import _percent, read
from tests.offline_turns import assert_read_alike_on
from tests.unseen_wording import assert_unseen

# as typed → as meant, by the habit's reader
REWRITTEN = {
    # chat short forms and bare contractions, written in full; a clipped "about" and "biz" too
    shortforms.expand: [
        ("whats a fair cpm w/ ur current targeting", "what's a fair cpm with your current targeting"),
        ("Whats left if ur team drops the podcast line", "What's left if your team drops the podcast line"),
        ("im sure it doesnt matter abt the lead count b4 launch",
         "I'm sure it doesn't matter about the lead count before launch"),
        ("we cant go w/o search cuz leads", "we can't go without search because leads"),
        ("can u size it for us", "can you size it for us"),
        ("how bout nationally then", "how about nationally then"),
        ("What 'bout Ohio?", "What about Ohio?"),
        ("how many small biz owners", "how many small business owners"),
    ],
    # a contraction whose bare form is a word, read where the next words settle it
    barewords.read: [
        ("were a small bakery in ohio", "we're a small bakery in ohio"),
        ("were 4 clinics downtown. whats a fair cpa", "we're 4 clinics downtown. whats a fair cpa"),
        ("were spending 8k on search. too much?", "we're spending 8k on search. too much?"),
        ("until its stable, should we wait", "until it's stable, should we wait"),
        ("its not converting", "it's not converting"),
        ("wed rather test first", "we'd rather test first"),
        ("id like a cheaper option", "I'd like a cheaper option"),
        ("lets assume a $5 cpc", "let's assume a $5 cpc"),
        ("ill need the numbers by friday", "I'll need the numbers by friday"),
    ],
    # a state's code after a preposition of place is its name; a market's initials stay initials
    unmarked.mark: [
        ("how many dentists practice in tx", "how many dentists practice in Texas"),
        ("and the whole us, roughly", "and the whole US, roughly"),
        ("what about nurses around la and sf", "what about nurses around LA and sf"),
        ("could you size hunters in mt only?", "could you size hunters in Montana only?"),
        ("how many nurses in tx are night shift", "how many nurses in Texas are night shift"),
        ("golfers around la who play weekly", "golfers around LA who play weekly"),
        ("how many teachers live in fl", "how many teachers live in Florida"),
        ("and nurses in la only", "and nurses in LA only"),  # also Louisiana's: left to the reader
    ],
    # lead-ins, trailing hedges and the discourse "like", set aside
    fillers.strip: [
        ("quick question: which channel should carry a launch tbh?", "which channel should carry a launch?"),
        ("umm, and for like the whole state lol?", "and for the whole state?"),
        ("ok so we have like 30k for spring, is that enough if that makes sense",
         "we have 30k for spring, is that enough"),
        ("what's like a sensible frequency cap for a pet brand, thanks?",
         "what's a sensible frequency cap for a pet brand?"),
        ("we spend 12 grand like a month on it i think", "we spend 12 grand a month on it"),
        ("hey, what does like a lead cost a gym?", "what does a lead cost a gym?"),
        ("hi there, and for roofers?", "and for roofers?"),
    ],
    # a percentage written out, read as a figure (no figure: as typed)
    _percent: [
        ("we trimmed search by 15 percent", "we trimmed search by 15%"),
        ("about forty-five per cent of them", "about 45% of them"),
        ("a 2.5 pct lift at best", "a 2.5% lift at best"),
        ("what percent of our list opens?", "what percent of our list opens?"),
        ("some percent of it", "some percent of it"),
    ],
    # every habit at once
    read: [
        ("quick q: whats the conversoin rate for pest contrl w/ a 20 percent discount tbh?",
         "what's the conversion rate for pest control with a 20% discount?"),
    ],
}
# what each reader leaves as typed: real words, acronyms, addresses, pronouns, questions, content "like"s, closings
AS_TYPED = {
    shortforms.expand: ["its cost were well above what ill teams shed", "an RN in BC, U.S. and UR", "and bc?",
                        "the u-shaped curve", "lets see", "see www.abt.com/ppl", "a bout of flu slowed sales",
                        "the title bout sponsorship"],
    barewords.read: ["were the emails opened", "were spending levels higher last year?", "the shop and its staff",
                     "its cpc doubled", "its worth to the brand is unclear", "the tool lets us cap it",
                     "she got ill last week", "Were a team of four", "a wed anniversary"],
    unmarked.mark: ["we moved in pa last year", "send the plan to us", "tell us more about in-game ads",
                    "we spend 40k a month", "ok thanks", "is it any good", "how do i cap frequency", "sweet, works for me"],
    fillers.strip: ["brands like ours pay what?", "what will next quarter look like?", "we like the first plan better",
                    "ok thanks", "lol", "great, thanks!", "so which of the two is cheaper?", "ok, and for dentists?",
                    "hi! quick q", "hey how are you"],
}


def test_the_rewritten_wording_is_unseen():
    assert_unseen([typed for reader, pairs in REWRITTEN.items() if reader is not _percent for typed, _ in pairs])


@pytest.mark.parametrize("reader,typed,meant", [(reader, *pair) for reader, pairs in REWRITTEN.items() for pair in pairs])
def test_a_typing_habit_is_read_as_meant(reader, typed, meant):
    assert reader(typed) == meant


@pytest.mark.parametrize("reader,text", [(reader, text) for reader, texts in AS_TYPED.items() for text in texts])
def test_what_no_habit_wrote_is_left_as_typed(reader, text):
    assert reader(text) == text


def test_only_contractions_whose_bare_form_is_no_word_of_its_own_or_a_rare_one():
    table = shortforms.contractions()
    assert {"dont", "doesnt", "im", "youre", "whats", "cant"} <= set(table)
    assert not {"its", "were", "well", "ill", "lets", "shed", "id", "wed", "hell", "shell"} & set(table)


# (KB, the conversation as typed, as meant): the agent asks the tools what the clean wording asks, and answers alike
READ_ALIKE = [
    # short forms
    ("kb", ["whats a typical cpc for people shopping for used cars?", "what abt healthcare?"],
     ["what's a typical cpc for people shopping for used cars?", "what about healthcare?"]),
    ("kb_txt2", ["whats the cpc for dog grooming on google?", "what abt driving schools?"],
     ["what's the cpc for dog grooming on google?", "what about driving schools?"]),
    # the business said without its apostrophe
    ("kb", ["were a chain of 5 furniture stores. what's a normal cost per sale from ads for a store like ours?"],
     ["we're a chain of 5 furniture stores. what's a normal cost per sale from ads for a store like ours?"]),
    ("kb_txt2", ["were a roofing company. what does a click usually cost us?"],
     ["we're a roofing company. what does a click usually cost us?"]),
    # the place typed in lower case
    ("kb", ["roughly how many retirees are there in fl?"], ["roughly how many retirees are there in Florida?"]),
    ("kb_txt2", ["how many households are there in tx, roughly?"], ["how many households are there in Texas, roughly?"]),
    # filled wording
    ("kb", ["quick q: how many registered nurses live in texas tbh?", "umm, and for like the US overall lol?",
            "hey, and for Florida?"],
     ["how many registered nurses live in texas?", "and for the US overall?", "and for Florida?"]),
    ("kb_txt2", ["quick q: what does a click cost for pest control on google tbh?", "umm, and for moving companies lol?",
                 "hey, and for roofers?"],
     ["what does a click cost for pest control on google?", "and for moving companies?", "and for roofers?"]),
    # a percentage written out
    ("kb", ["we spend $30k a month on paid social for our gym chain.", "if we cut that by twenty percent, what's left each month?"],
     ["we spend $30k a month on paid social for our gym chain.", "if we cut that by 20%, what's left each month?"]),
    ("kb_txt2", ["we spend $12k a month on google ads for our roofing company.",
                 "if we cut that by twenty percent, what's left each month?"],
     ["we spend $12k a month on google ads for our roofing company.", "if we cut that by 20%, what's left each month?"]),
    # the KB's own acronym typed in lower case (agent.offline.kbcase)
    ("kb", ["roughly how many people in California are shopping for an ev"],
     ["roughly how many people in California are shopping for an EV"]),
    ("kb_txt2", ["what does a ctv view usually cost"], ["what does a CTV view usually cost"]),
    # a slip in the KB's own words (agent.offline.spelling)
    ("kb", ["neobnak on a budget. typical cpm and conversoin rate for finserv?"],
     ["neobank on a budget. typical cpm and conversion rate for finserv?"]),
    ("kb_txt2", ["cost per click for roofnig contractors on google", "and for pest contrl?"],
     ["cost per click for roofing contractors on google", "and for pest control?"]),
]


@pytest.mark.parametrize("kb,typed,clean", READ_ALIKE)
def test_the_agent_asks_the_tools_what_the_clean_wording_asks(request, monkeypatch, kb, typed, clean):
    assert_read_alike_on(request, monkeypatch, kb, typed, clean)
