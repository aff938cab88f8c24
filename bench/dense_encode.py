"""Time the dense encoder alone: whole-KB encoding (wall and CPU, N repeats) and query embedding p50.

    python bench/dense_encode.py [--kb kb] [--repeat 3] [--queries datasets/retrieval.jsonl]

Targets (issue 12): KB encoding ≤ 15 s and query embedding p50 ≤ 10 ms on 2 cores. The machine
may be shared: CPU seconds are printed beside wall seconds — on an idle machine wall ≈ CPU /
cores for the KB (one worker per core). ``--threads 1`` gives the single-core CPU cost.

On Linux each worker thread's time is split (``/proc/self/task/<tid>/schedstat``) into running,
waiting for a CPU (other processes on a shared machine) and the rest (sleeping on the GIL): on an
idle machine the wall time is the running time of the busiest worker plus the tokenisation.
"""
from __future__ import annotations

import json
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from latency import kb_bench_parser  # noqa: E402  (the options every KB latency bench takes)


def _schedstat(tid: int) -> tuple[float, float, float] | None:
    try:
        run, wait, _ = Path(f"/proc/self/task/{tid}/schedstat").read_text().split()
    except (OSError, ValueError):  # not Linux, or no schedstats
        return None
    return time.perf_counter(), int(run) / 1e9, int(wait) / 1e9


def _watch_workers(enc) -> dict:
    """Wrap ``enc._forward`` to record each worker thread's schedstat at its first and last batch."""
    spans: dict = {}
    forward = enc._forward

    def timed(ids, lens):
        tid = threading.get_native_id()
        spans.setdefault(tid, [_schedstat(tid), None])
        out = forward(ids, lens)
        spans[tid][1] = _schedstat(tid)
        return out

    enc._forward = timed
    return spans


def main(argv=None) -> int:
    ap = kb_bench_parser(__doc__)
    ap.add_argument("--threads", type=int, help="worker threads (default: one per core)")
    args = ap.parse_args(argv)
    from mpa.engine import build_engine
    from rag import dense
    from rag.config import RagConfig

    if not dense.available():
        print("dense_encode: the all-MiniLM-L6-v2 weights are not installed (make setup)")
        return 1
    if args.repeat < 1 or (args.threads is not None and args.threads < 1):
        print("dense_encode: --repeat and --threads must be ≥ 1")
        return 2
    enc = dense.MiniLMEncoder(max_tokens=128, threads=args.threads)
    texts = [c.index_text for c in build_engine(args.kb, RagConfig(cache_size=0)).chunks]
    tokens = sum(len(e.ids) for e in enc.tok.encode_batch(texts))
    print(f"KB {args.kb}: {len(texts)} chunks, {tokens:,} tokens; {enc.threads} worker thread(s), "
          f"batch {enc.batch_size}")
    walls, cpus, idle = [], [], []
    for r in range(args.repeat):
        spans = _watch_workers(enc)
        t0, c0 = time.perf_counter(), time.process_time()
        enc.encode(texts, progress=False)
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
        del enc._forward
        line = f"  KB encoding run {r + 1}: {walls[-1]:.2f} s wall, {cpus[-1]:.2f} s CPU"
        parts = [(b[0] - a[0], b[1] - a[1], b[2] - a[2]) for a, b in spans.values() if a and b]
        if parts:
            span_max = max(p[0] for p in parts)
            idle.append(walls[-1] - span_max + max(p[1] for p in parts))
            line += ("; per worker: " + ", ".join(f"running {run:.1f} + waiting for a CPU {wait:.1f} + GIL/other "
                                                  f"{span - run - wait:.1f} s" for span, run, wait in parts))
        print(line, flush=True)
    print(f"KB encoding: wall {min(walls):.2f}–{max(walls):.2f} s (median {statistics.median(walls):.2f}), "
          f"CPU median {statistics.median(cpus):.2f} s")
    if idle:
        print(f"KB encoding on an idle machine (wall less the time the workers waited for a CPU): "
              f"median {statistics.median(idle):.2f} s")
    queries = ([json.loads(line)["query"] for line in args.queries.open(encoding="utf-8") if line.strip()]
               if args.queries.is_file() else [t[:80] for t in texts[:50]])
    for q in queries[:5]:
        enc.encode([q])
    lat, c0 = [], time.process_time()
    for _ in range(args.repeat):
        for q in queries:
            t0 = time.perf_counter()
            enc.encode([q])
            lat.append((time.perf_counter() - t0) * 1000)
    cpu_ms = (time.process_time() - c0) * 1000 / len(lat)
    print(f"query embedding over {len(queries)} queries × {args.repeat}: p50 {statistics.median(lat):.2f} ms "
          f"wall, {cpu_ms:.2f} ms CPU per query")
    return 0


if __name__ == "__main__":
    sys.exit(main())
