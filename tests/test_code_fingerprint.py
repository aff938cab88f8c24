"""The record's code fingerprint: the same code gives the same value, any edit to a package's code
or JSON gives another, and what is not code (bytecode, notes) gives none — so two records at one
commit tell whether they ran the same code (a working tree with edits keeps the commit's name)."""
from __future__ import annotations

import shutil
from pathlib import Path

from evals.arms import code_fingerprint

ROOT = Path(__file__).resolve().parents[1]


def _tree(tmp_path: Path) -> Path:
    for pkg in ("rag", "mpa", "agent", "scorers", "evals"):
        shutil.copytree(ROOT / pkg, tmp_path / pkg, ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


def test_same_code_same_fingerprint_and_an_edit_changes_it(tmp_path):
    root = _tree(tmp_path)
    before = code_fingerprint(root)
    assert before == code_fingerprint(ROOT) and len(before) == 64
    (root / "mpa" / "__pycache__").mkdir(exist_ok=True)
    (root / "mpa" / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"\0bytecode")
    (root / "agent" / "NOTES.md").write_text("not code\n")
    assert code_fingerprint(root) == before
    rule = root / "agent" / "offline" / "gloss.py"
    rule.write_text(rule.read_text() + "\n# an edit\n")
    assert code_fingerprint(root) != before
    rule.write_text(rule.read_text().replace("\n# an edit\n", ""))
    assert code_fingerprint(root) == before
    weights = root / "scorers" / "weights.json"
    weights.write_text(weights.read_text().replace("{", "{ ", 1))
    assert code_fingerprint(root) != before


def test_a_file_moved_between_packages_changes_it(tmp_path):
    root = _tree(tmp_path)
    before = code_fingerprint(root)
    shutil.move(root / "mpa" / "everyday.py", root / "agent" / "everyday.py")
    assert code_fingerprint(root) != before
