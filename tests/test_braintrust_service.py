"""What the evals upload, asserted against a fake Braintrust service (tests/fake_braintrust.py)
driven by the real SDK through the real ``braintrust eval`` CLI. No network: the SDK is pointed
at 127.0.0.1 with ``BRAINTRUST_API_KEY=fake``."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.fake_braintrust import FakeBraintrust

ROOT = Path(__file__).resolve().parents[1]
BRAINTRUST = Path(sys.executable).with_name("braintrust")


@pytest.fixture
def fake_braintrust():
    with FakeBraintrust() as bt:
        yield bt


def run_eval(bt: FakeBraintrust, files: list[Path], extra_env: dict | None = None, cwd: Path = ROOT):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BRAINTRUST_", "MPA_", "ANTHROPIC_", "OPENAI_"))}
    env.update(bt.env(), PYTHONPATH=str(ROOT), **(extra_env or {}))
    r = subprocess.run([str(BRAINTRUST), "eval", "--no-progress-bars", *map(str, files)], env=env, cwd=cwd,
                       capture_output=True, text=True, timeout=120)
    return r


def test_sdk_logs_a_tiny_eval_to_the_fake_service(fake_braintrust, tmp_path):
    f = tmp_path / "eval_tiny.py"
    f.write_text(textwrap.dedent("""
        from braintrust import Eval
        Eval("tiny", experiment_name="double", data=[{"input": 1, "expected": 2}, {"input": 2, "expected": 5}],
             task=lambda x: x * 2, scores=[lambda input, output, expected: float(output == expected)])
    """))
    r = run_eval(fake_braintrust, [f])
    assert r.returncode == 0, r.stderr
    (exp,) = fake_braintrust.experiments()
    assert exp["name"] == "double"
    roots = [row for row in fake_braintrust.rows("experiment", exp["id"]) if not row.get("span_parents")]
    assert sorted(row["input"] for row in roots) == [1, 2]
    assert sorted(row["output"] for row in roots) == [2, 4]
    assert fake_braintrust.upload_bytes("/logs3") > 0
