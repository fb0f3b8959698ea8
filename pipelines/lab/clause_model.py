"""Fine-tune, choose and ship the clause model (`pipelines.highlights.clause_model`):
`python -m pipelines.lab highlights finetune`.

The bundled all-MiniLM-L6-v2 with a two-class head over its mean-pooled tokens, fine-tuned on
every clause of the training entries (the pair `clause_model.pair` makes; a clause is positive when
a label aligns with it, as for the linear detector; three negatives drawn per positive), two
epochs, AdamW, learning rate 4e-5 decaying linearly, batches of 32.

Choosing: the authors (dev's, and the train-only voices, each its own group) are dealt into three
folds; each fold's entries are read by a linear pipeline and a clause model both fitted on the other
two folds, and the pooled predictions are scored as `python -m pipelines evaluate` scores for each
mix weight and threshold. A fine-tune costs minutes, so this is a leave-a-third-of-the-authors-out
reading rather than one author at a time. The kept point: the best F1 among those whose precision
is at least `highlights.PRECISION_FLOOR`. Then the model is fitted on everything, exported to ONNX
with int8 weights, checked against the torch model, and the pipeline artifact is saved with the
chosen mix and threshold. Never reads the test split or the fresh writers.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from pipelines.highlights.clause_model import CLAUSE_MODEL_PATH, MAX_TOKENS, ClauseModel, pairs
from pipelines.highlights.pipeline import HighlightPipeline, align
from pipelines.lab.highlights import (
    METRICS_PATH,
    PRECISION_FLOOR,
    Data,
    EmbeddingCache,
    figures,
    training_data,
    write_metrics,
)

EPOCHS = 2
LEARNING_RATE = 4e-5
BATCH = 32
NEGATIVES_PER_POSITIVE = 3
FOLDS = 3
MIX_GRID = (0.0, 0.5, 0.7, 1.0)
THRESHOLD_GRID = (0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65)


def clause_rows(pipeline: HighlightPipeline, data: Data) -> tuple[list[tuple[str, str]], list[int]]:
    """Every clause of `data` as the clause model reads it, and whether a label aligns with it."""
    read: list[tuple[str, str]] = []
    labels: list[int] = []
    for clauses, gold in zip(pipeline.clauses(data.texts), data.labels, strict=True):
        owner = align(clauses, gold, pipeline.align_min_overlap)
        read += pairs(clauses)
        labels += [int(o >= 0) for o in owner]
    return read, labels


class TorchClauseModel:
    """The fine-tuned encoder and head in torch: `model(pairs)` as `ClauseModel` gives it (each
    pair read once: a grid of settings reads the same clauses again)."""

    def __init__(self, encoder: Any, head: Any, tokenizer: Any) -> None:
        self.encoder, self.head, self.tokenizer = encoder, head, tokenizer
        self.read: dict[tuple[str, str], float] = {}

    def logits(self, batch: Sequence[tuple[str, str]]) -> Any:
        encoded = self.tokenizer([a for a, _ in batch], [b for _, b in batch], padding=True, truncation=True,
                                 max_length=MAX_TOKENS, return_tensors="pt")
        tokens = self.encoder(**encoded).last_hidden_state
        mask = encoded["attention_mask"].unsqueeze(-1).to(tokens.dtype)
        return self.head((tokens * mask).sum(1) / mask.sum(1).clamp(min=1e-9))

    def __call__(self, batch: Sequence[tuple[str, str]], batch_size: int = 128) -> np.ndarray:
        import torch

        self.encoder.eval()
        missing = sorted({tuple(p) for p in batch} - self.read.keys(), key=lambda p: len(p[0]) + len(p[1]))
        with torch.inference_mode():
            for start in range(0, len(missing), batch_size):
                rows = missing[start:start + batch_size]
                p = torch.softmax(self.logits(rows), -1)[:, 1].numpy()
                self.read.update(zip(rows, (float(x) for x in p), strict=True))
        return np.asarray([self.read[tuple(p)] for p in batch], dtype=np.float32)


def finetune(read: Sequence[tuple[str, str]], labels: Sequence[int], *, seed: int = 0,
             progress: Callable[[str], None] | None = None) -> TorchClauseModel:
    """The bundled MiniLM fine-tuned on `read` (pairs) and `labels` (0/1); see the module docstring."""
    import torch
    from transformers import AutoModel, AutoTokenizer

    from pipelines.embeddings import model_path

    rng = random.Random(seed)
    torch.manual_seed(seed)
    torch.set_num_threads(os.cpu_count() or 1)
    positive = [i for i, y in enumerate(labels) if y]
    negative = [i for i, y in enumerate(labels) if not y]
    rng.shuffle(negative)
    chosen = positive + negative[: NEGATIVES_PER_POSITIVE * len(positive)]
    rng.shuffle(chosen)
    path = model_path()
    model = TorchClauseModel(AutoModel.from_pretrained(path), torch.nn.Linear(384, 2),
                             AutoTokenizer.from_pretrained(path))
    parameters = list(model.encoder.parameters()) + list(model.head.parameters())
    optimizer = torch.optim.AdamW(parameters, lr=LEARNING_RATE, weight_decay=0.01)
    steps = EPOCHS * ((len(chosen) + BATCH - 1) // BATCH)
    schedule = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: max(0.0, 1 - step / steps))
    model.encoder.train()
    started = time.monotonic()
    for epoch in range(EPOCHS):
        for start in range(0, len(chosen), BATCH):
            rows = chosen[start:start + BATCH]
            loss = torch.nn.functional.cross_entropy(model.logits([read[i] for i in rows]),
                                                     torch.tensor([labels[i] for i in rows]))
            loss.backward()
            optimizer.step()
            schedule.step()
            optimizer.zero_grad()
            if progress and start and start % (BATCH * 50) == 0:
                progress(f"epoch {epoch + 1}: {start} of {len(chosen)} pairs, {time.monotonic() - started:.0f} s")
        if progress:
            progress(f"epoch {epoch + 1}: {len(chosen)} pairs, {time.monotonic() - started:.0f} s")
    model.encoder.eval()
    return model


def export(model: TorchClauseModel, path: Path = CLAUSE_MODEL_PATH) -> dict[str, Any]:
    """`model` as an ONNX graph (the three token inputs in, P(highlight) out) with int8 matrix
    weights (ONNX Runtime's dynamic quantization, per channel), checked against torch on a sample."""
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic

    from pipelines.embeddings import ONNX_OPSET
    from pipelines.highlights.clause_model import ClauseModel

    class Probability(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.encoder, self.head = model.encoder, model.head

        def forward(self, input_ids, attention_mask, token_type_ids):  # type: ignore[no-untyped-def]
            tokens = self.encoder(input_ids=input_ids, attention_mask=attention_mask,
                                  token_type_ids=token_type_ids).last_hidden_state
            mask = attention_mask.unsqueeze(-1).to(tokens.dtype)
            pooled = (tokens * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
            return torch.softmax(self.head(pooled), -1)[:, 1]

    sample = [("ring the vet about Bo", "and"), ("a longer clause than the first one, with more words in it", "")]
    encoded = model.tokenizer([a for a, _ in sample], [b for _, b in sample], padding=True, truncation=True,
                              max_length=MAX_TOKENS, return_tensors="pt")
    names = ["input_ids", "attention_mask", "token_type_ids"]
    with tempfile.TemporaryDirectory() as tmp:
        full = Path(tmp) / "full.onnx"
        with torch.inference_mode():
            torch.onnx.export(Probability().eval(), tuple(encoded[n] for n in names), str(full), input_names=names,
                              output_names=["probability"],
                              dynamic_axes={**{n: {0: "batch", 1: "tokens"} for n in names}, "probability": {0: "batch"}},
                              opset_version=ONNX_OPSET, dynamo=False, do_constant_folding=True, external_data=False)
        # The word-piece table (a Gather) too: int8, it is a quarter of the 47 MB it is in float.
        quantize_dynamic(str(full), str(path), op_types_to_quantize=["MatMul", "Gather"], per_channel=True,
                         weight_type=QuantType.QInt8)
    check = [("need to ring the vet tuesday", ""), ("the boiler's making that noise again", "ok so"),
             ("we had a lovely walk", ""), ("pay the water bill by friday", "to do |"),
             ("nia asked if im coming to her cousin's wedding", ""), ("Mum called", "")]
    expected, got = model(check), ClauseModel(path)(check)
    difference = float(np.abs(expected - got).max())
    if difference > 0.1:
        raise RuntimeError(f"the int8 graph differs from torch by {difference:.3f}")
    return {"bytes": path.stat().st_size, "max_difference_from_torch": round(difference, 4)}


def _folds(data: Data, extra: Data) -> list[tuple[set[str], set[str]]]:
    """Dev's authors and the train-only voices, each dealt into FOLDS folds."""
    authors = sorted(set(data.authors))
    voices = sorted({e.get("voice", "") for e in extra.entries})
    return [(set(authors[k::FOLDS]), set(voices[k::FOLDS])) for k in range(FOLDS)]


def train(*, save: bool = True, progress: Callable[[str], None] | None = print) -> dict[str, Any]:
    """Choose the mix and threshold (see the module docstring), fine-tune on everything, ship."""
    from threadpoolctl import threadpool_limits

    kept = json.loads(METRICS_PATH.read_text(encoding="utf-8"))
    settings = {k: v for k, v in kept["chosen"].items() if k not in ("train_only_weight", "detector__threshold")}
    dev, extra = training_data()
    everything = Data(dev.entries + extra.entries)
    voice_of = [e.get("voice", "") for e in everything.entries]
    group_of = dev.authors + [f"voice {v}" for v in voice_of[len(dev.entries):]]
    cache = EmbeddingCache()
    variants = [(m, t) for m in MIX_GRID for t in THRESHOLD_GRID]
    predicted: list[list[Any]] = [[[] for _ in everything.texts] for _ in variants]
    for authors, voices in _folds(dev, extra):
        held_groups = authors | {f"voice {v}" for v in voices}
        held = [i for i, g in enumerate(group_of) if g in held_groups]
        rest = everything.subset(i for i, g in enumerate(group_of) if g not in held_groups)
        started = time.monotonic()
        with threadpool_limits(1):
            pipeline = HighlightPipeline(embed=cache).set_params(**settings).fit(rest.texts, rest.labels)
        model = finetune(*clause_rows(pipeline, rest), progress=progress)
        pipeline.clause_model = model
        held_data = everything.subset(held)
        for v, (mix, threshold) in enumerate(variants):
            pipeline.set_params(clause_mix=mix, detector__threshold=threshold)
            for i, highlights in zip(held, pipeline.predict(held_data.texts, held_data.dates), strict=True):
                predicted[v][i] = highlights
        if progress:
            progress(f"fold {sorted(held_groups)}: {len(held)} entries, {time.monotonic() - started:.0f} s")
    cache.save()
    results = []
    for (mix, threshold), guesses in zip(variants, predicted, strict=True):
        dev_rows = range(len(dev.entries))
        extra_rows = range(len(dev.entries), len(everything.entries))
        f = figures(dev, [guesses[i] for i in dev_rows])
        g = figures(extra, [guesses[i] for i in extra_rows])
        results.append({"clause_mix": mix, "detector__threshold": threshold, "dev": f, "train_only": g})
        if progress:
            progress(f"mix {mix} threshold {threshold}: dev R {f['recall']} P {f['precision']} F1 {f['f1']}; "
                     f"train-only R {g['recall']} P {g['precision']} F1 {g['f1']} implied {g['implied']['recall']}")
    precise = [r for r in results if r["dev"]["precision"] >= PRECISION_FLOOR] or results
    best = max(precise, key=lambda r: ((r["dev"]["f1"] + r["train_only"]["f1"]) / 2, r["detector__threshold"]))
    with threadpool_limits(1):
        pipeline = HighlightPipeline(embed=cache).set_params(**settings).fit(everything.texts, everything.labels)
    cache.save()
    model = finetune(*clause_rows(pipeline, everything), progress=progress)
    record = {
        "method": ("all-MiniLM-L6-v2 fine-tuned on clause pairs (clause, header and clause before), "
                   f"{EPOCHS} epochs, lr {LEARNING_RATE}, {NEGATIVES_PER_POSITIVE} negatives a positive; "
                   "mixed with the linear detector"),
        "cv": (f"dev's authors and the train-only voices in {FOLDS} folds: each fold read by a linear pipeline "
               "and a clause model fitted on the other two, pooled, scored as `python -m pipelines evaluate` scores"),
        "chosen": {"clause_mix": best["clause_mix"], "detector__threshold": best["detector__threshold"]},
        "cv_figures": {"dev": best["dev"], "train_only": best["train_only"]},
        "grid": [{"clause_mix": r["clause_mix"], "detector__threshold": r["detector__threshold"],
                  "dev": [r["dev"][k] for k in ("recall", "precision", "f1")],
                  "train_only": [r["train_only"][k] for k in ("recall", "precision", "f1")],
                  "train_only_implied_recall": r["train_only"]["implied"]["recall"]} for r in results],
    }
    if save:
        record["artifact"] = export(model)
        pipeline.embed = None
        pipeline.clause_model = ClauseModel()
        pipeline.set_params(clause_mix=best["clause_mix"], detector__threshold=best["detector__threshold"])
        pipeline.save(about={"chosen": {**kept["chosen"], **record["chosen"]}, "cv_f1": best["dev"]["f1"]})
        write_metrics({**kept, "clause_model": record})
    return record
