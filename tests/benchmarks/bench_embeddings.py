"""The embedding model's cost per call, for each runtime, on one thread as in the app.

Three calls the app makes, through each runtime's `encode` with the arguments `embed()` passes:

- **a short query** (3 to 6 words): a search or a chat question;
- **a 150-word entry and its sentences**, in one call of batches of 8, as an analysis embeds them
  ahead (`embedded_together`: the entry's text and its summary sentences);
- **32 sentences** in one batch (an import, a story's material).

The runtimes are torch (sentence-transformers, the baseline) and ONNX Runtime (the app's default,
`pipelines.embeddings.OnnxEncoder`) twice: with batches cut as sentence-transformers cuts them
(fixed size, longest first: the runtime alone) and with packed batches (the app's: cut where padding
would cost more than another call), all loaded in this process from the packaged weights, each on
one intra-op thread (`MODEL_THREADS=1` in the app). Figures: CPU per call of this process
(`time.process_time`, rounds alternating between the runtimes, the median round), the ratio to torch
in the same process, and counts that do not move with the machine's load: the tokens of the call,
the token positions through the model (padding included: what the arithmetic scales with) and the
Python function calls per call (cProfile, one extra call each, not timed).
"""

from __future__ import annotations

import statistics
import time

import numpy as np

QUERIES = [  # 3 to 6 words, as people search their journal
    "when did I feel drained",
    "dinner with my sister",
    "work stress",
    "what made me happy last week",
    "sleep and mood",
    "conversations about moving house",
]
ROUNDS = 5
REPEATS = {"short query": 40, "150-word entry + sentences": 4, "32 sentences": 3}
AHEAD_BATCH = 8  # pipelines.embeddings.AHEAD_BATCH_SIZE


def _entry_of_about(words: int) -> str:
    """A journal entry of about `words` words: the journal corpus's first dev voice's sentences, one
    after another, until that long (its entries are 100 words at most)."""
    from pipelines.corpus import load_split
    from pipelines.summaries import summary_sentences

    entries = load_split("dev")
    chosen: list[str] = []
    for entry in entries:
        for sentence in summary_sentences(entry["text"]) if entry["voice"] == entries[0]["voice"] else []:
            if sum(len(s.split()) for s in chosen) < words:
                chosen.append(sentence)
    return " ".join(chosen)


def _calls() -> dict[str, tuple[list[str], int]]:
    from pipelines.summaries import summary_sentences
    from tests.benchmarks.corpus import sentences

    entry = _entry_of_about(150)
    return {
        "short query": (QUERIES, 0),  # each call one query, in turn
        "150-word entry + sentences": ([entry, *summary_sentences(entry)], AHEAD_BATCH),
        "32 sentences": (sentences(32, seed=5), 64),
    }


def _run(model, name: str, texts: list[str], batch_size: int, i: int) -> np.ndarray:
    kwargs = {"convert_to_numpy": True, "normalize_embeddings": True, "show_progress_bar": False}
    if name == "short query":
        return model.encode([texts[i % len(texts)]], batch_size=64, **kwargs)
    return model.encode(texts, batch_size=batch_size, **kwargs)


def run() -> dict[str, float]:
    import cProfile
    import pstats

    from pipelines.embeddings import load_onnx_model, load_torch_model

    started = time.perf_counter()
    runtimes = {"torch": load_torch_model(threads=1)}
    torch_load = time.perf_counter() - started
    started = time.perf_counter()
    try:
        fixed = load_onnx_model(threads=1)
        fixed.pack_batches = False
        runtimes["onnx fixed"] = fixed
        runtimes["onnx"] = load_onnx_model(threads=1)
    except Exception as exc:  # noqa: BLE001 - reported, and the ratio below says so
        print(f"\nONNX Runtime unavailable ({type(exc).__name__}: {exc}): torch only")
    onnx_load = time.perf_counter() - started
    calls = _calls()
    tokens = {name: sum(len(ids) for ids in runtimes["onnx" if "onnx" in runtimes else "torch"]
                        .tokenizer(texts if name != "short query" else texts[:1])["input_ids"])
              for name, (texts, _) in calls.items()}

    # Token positions through the model, padding included (load-invariant): fixed batches for torch
    # and "onnx fixed", the packed runs for "onnx".
    probe = runtimes.get("onnx")
    positions: dict[tuple[str, str], int] = {}
    for name, (texts, batch) in calls.items():
        chosen = texts[:1] if name == "short query" else texts
        lengths = sorted((len(ids) for ids in (probe or runtimes["torch"]).tokenizer(chosen)["input_ids"]),
                         reverse=True)
        fixed_runs = [range(i, min(len(lengths), i + max(1, batch or 64))) for i in range(0, len(lengths),
                                                                                     max(1, batch or 64))]
        for rt in runtimes:
            runs = probe._batches(lengths, max(1, batch or 64)) if rt == "onnx" and probe else fixed_runs
            positions[(name, rt)] = sum(len(run) * lengths[run.start] for run in runs)

    for name, (texts, batch) in calls.items():  # warm-up, and the vectors must agree
        out = {rt: _run(model, name, texts, batch, 0) for rt, model in runtimes.items()}
        for rt, vectors in out.items():
            cosine = float((out["torch"] * vectors).sum(axis=1).min())
            assert cosine >= 0.9999, f"{name}: {rt} and torch vectors differ (cosine {cosine})"

    cpu: dict[tuple[str, str], list[float]] = {(n, rt): [] for n in calls for rt in runtimes}
    for _ in range(ROUNDS):
        for name, (texts, batch) in calls.items():
            for rt, model in runtimes.items():
                started = time.process_time()
                for i in range(REPEATS[name]):
                    _run(model, name, texts, batch, i)
                cpu[(name, rt)].append((time.process_time() - started) / REPEATS[name])
    python_calls = {}
    for (name, rt) in cpu:
        texts, batch = calls[name]
        profile = cProfile.Profile()
        profile.runcall(_run, runtimes[rt], name, texts, batch, 0)
        python_calls[(name, rt)] = pstats.Stats(profile).total_calls  # type: ignore[attr-defined]

    print(f"\n## Embedding model, CPU per call, one thread ({ROUNDS} rounds alternating; model load "
          f"torch {torch_load:.1f}s, onnx {onnx_load:.1f}s, not counted)")
    print(f"{'call':28} {'texts':>5} {'tokens':>6} {'runtime':>10} {'positions':>9} {'CPU/call':>10} {'/ torch':>8} "
          f"{'Python calls':>13}")
    figures: dict[str, float] = {}
    for name, (texts, _) in calls.items():
        n_texts = 1 if name == "short query" else len(texts)
        base = statistics.median(cpu[(name, "torch")])
        for rt in runtimes:
            median = statistics.median(cpu[(name, rt)])
            print(f"{name:28} {n_texts:>5} {tokens[name]:>6} {rt:>10} {positions[(name, rt)]:>9} {median * 1e3:>8.2f}ms "
                  f"{median / base:>7.2f}x {python_calls[(name, rt)]:>13,}")
        for rt in runtimes:
            if rt != "torch":
                ratio = statistics.median(cpu[(name, rt)]) / base
                print(f"ratio {rt} / torch ({name}, CPU per call): {ratio:.2f}x")
    if "onnx" in runtimes:
        figures["embedding_query_onnx_ratio"] = (statistics.median(cpu[("short query", "onnx")])
                                                 / statistics.median(cpu[("short query", "torch")]))
    else:
        figures["embedding_query_onnx_ratio"] = 1.0
    return figures
