"""Cheap check of benchmarks/run's own logic (JSON records, ratio table, model
preparation) with --self-test: needs no peer package, no network, no build."""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))


def test_run_self_test(tmp_path):
    out = tmp_path / "records.json"
    r = subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks", "run"),
                        "--self-test", "--json", str(out)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "self-test passed" in r.stdout
    records = json.loads(out.read_text())
    assert isinstance(records, list) and len(records) == 3
    for rec in records:
        assert set(rec) >= {"model", "workload", "library", "median_ns"}
        assert isinstance(rec["median_ns"], float)
    # The ossa/pinocchio ratio of the fixture is 500 / 400.
    assert "1.25" in r.stdout
