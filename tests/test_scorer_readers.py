"""The scorers read answers with one sentence splitter and one number reader
(``scorers.text.sentences``, ``scorers.text.numbers``), and none of the agent's or the tools':
a parsing bug on one side cannot hide itself in the other's check."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SENTENCE_END = re.compile(r"\(\?<=\[[.!?]{3}\]\)")  # a look-behind on sentence punctuation
NUMBER = re.compile(r"\\d\+\(\?:\\\.\\d\+\)\?|\\d\[\\d,\]\*")  # digits with optional decimals / thousands


def _patterns(path: Path) -> list[tuple[int, str]]:
    """String literals handed to the ``re`` module in ``path``."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                isinstance(node.func.value, ast.Name) and node.func.value.id == "re" and node.args and \
                isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            out.append((node.lineno, node.args[0].value))
    return out


def test_one_sentence_splitter_and_one_number_reader_on_the_scorer_side():
    split, nums = [], []
    for p in sorted((ROOT / "scorers").glob("*.py")):
        for line, pat in _patterns(p):
            where = f"{p.name}:{line}"
            if SENTENCE_END.search(pat):
                split.append(where)
            if NUMBER.search(pat) and "(?P<num>" not in pat and "_OPERAND" not in pat:
                nums.append(where)
    assert split == ["text.py:25"], f"sentence splitters outside scorers.text.sentences: {split}"
    # besides the reader (text.py), only patterns that read no value: the audience method cue
    # ("20% of adults" marks a derivation) and numwords' rewrites of slang ("5 grand", "10 bucks")
    # into the forms the reader parses
    others = sorted(w for w in nums if not w.startswith("text.py:"))
    assert [w.split(":")[0] for w in others] == ["audience.py", "numwords.py", "numwords.py"], others


def test_scorers_import_nothing_that_parses_answers_on_the_agent_side():
    for p in sorted((ROOT / "scorers").glob("*.py")):
        src = p.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from|import) agent\b", src, re.M), p.name
        assert "mpa.tables import parse_number" not in src and "parse_range" not in src, p.name
