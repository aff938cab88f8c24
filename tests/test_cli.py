import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "rag", *args], cwd=cwd, capture_output=True, text=True, timeout=120)


def test_cli_index_and_search(tmp_path, fixture_kb):
    out = tmp_path / "i.json"
    p = run("index", str(fixture_kb), "--out", str(out))
    assert p.returncode == 0, p.stderr
    assert "chunks" in p.stdout and out.exists()
    p = run("search", "typical ecommerce CAC", "--kb", str(fixture_kb), "--index", str(out), "-k", "2")
    assert p.returncode == 0, p.stderr
    assert "benchmarks-ecommerce.md" in p.stdout and "score" in p.stdout
    p = run("search", "typical ecommerce CAC", "--kb", str(fixture_kb), "--index", str(out), "--json", "--method", "rrf")
    data = json.loads(p.stdout)
    assert data["method"] == "rrf" and data["results"][0]["source"] == "benchmarks-ecommerce.md"


def test_cli_errors_are_clear(tmp_path):
    p = run("index", str(tmp_path / "missing"), "--out", str(tmp_path / "i.json"))
    assert p.returncode == 2 and "not found" in p.stderr


def test_domain_cli_and_plugin(tmp_path, fixture_kb, capsys):
    """``python -m mpa`` = ``python -m rag --domain mpa.engine:domain``: the domain's chunk
    metadata and boosts; the generic CLI alone has none, and a bad plug-in is one clear line."""
    from rag.cli import main

    out = tmp_path / "i.json"
    p = subprocess.run([sys.executable, "-m", "mpa", "search", "typical ecommerce CAC", "--kb", str(fixture_kb),
                        "--index", str(out), "--json"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["results"][0]["breakdown"]["boost"] > 1.0  # the benchmark boost
    capsys.readouterr()
    assert main(["search", "typical ecommerce CAC", "--kb", str(fixture_kb), "--index", str(out), "--json"]) == 0
    generic = json.loads(capsys.readouterr().out)  # another domain's index is rebuilt, not reused
    assert all(r["breakdown"]["boost"] in (1.0, 2.0) for r in generic["results"])
    assert main(["search", "x", "--kb", str(fixture_kb), "--index", str(out), "--domain", "mpa.engine:nothing"]) == 2
    err = capsys.readouterr().err
    assert "--domain mpa.engine:nothing" in err and "Traceback" not in err
