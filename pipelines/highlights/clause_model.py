"""The fine-tuned clause model: P(a clause states something the writer means to do), read by a
MiniLM (the bundled all-MiniLM-L6-v2) fine-tuned on the labelled corpus' clauses, so that the
detector weighs what a clause means and not only its words.

The model reads a pair: the clause, and its context (its list's header and the clause before it in
its sentence, `pair`). It ships as one ONNX graph with int8 weights
(`pipelines/data/highlight_clause_model.onnx`, written by `python -m pipelines.lab highlights
finetune`) and the bundled model's tokenizer; `HighlightPipeline` mixes its probability with the
linear detector's (`clause_mix`).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from pipelines.highlights.segment import Clause

CLAUSE_MODEL_PATH = Path(__file__).resolve().parent.parent / "data" / "highlight_clause_model.onnx"
MAX_TOKENS = 64  # clause and context together; longer pairs lose the context's end first


def pair(clauses: Sequence[Clause], i: int) -> tuple[str, str]:
    """What the clause model reads for clause `i`: its text, and its list's header and the clause
    before it in the same sentence ("" when it has neither)."""
    clause = clauses[i]
    before = clauses[i - 1].text if i and clauses[i - 1].sentence == clause.sentence else ""
    return clause.text, (f"{clause.header} | " if clause.header else "") + before


def pairs(clauses: Sequence[Clause]) -> list[tuple[str, str]]:
    return [pair(clauses, i) for i in range(len(clauses))]


def tokenizer() -> Any:
    """The bundled model's tokenizer (its tokenizer.json), truncating a pair to MAX_TOKENS."""
    from tokenizers import Tokenizer

    from pipelines.embeddings import model_path

    tok = Tokenizer.from_file(str(model_path() / "tokenizer.json"))
    tok.no_padding()
    tok.enable_truncation(MAX_TOKENS, strategy="longest_first")
    return tok


def encode(tok: Any, batch: Sequence[tuple[str, str]]) -> dict[str, np.ndarray]:
    """The model's three inputs for `batch`, padded to its longest pair."""
    encodings = tok.encode_batch([(a, b) if b else a for a, b in batch])
    width = max(len(e.ids) for e in encodings)
    arrays = {name: np.zeros((len(batch), width), dtype=np.int64)
              for name in ("input_ids", "attention_mask", "token_type_ids")}
    for row, e in enumerate(encodings):
        n = len(e.ids)
        arrays["input_ids"][row, :n] = e.ids
        arrays["attention_mask"][row, :n] = e.attention_mask
        arrays["token_type_ids"][row, :n] = e.type_ids
    return arrays


class ClauseModel:
    """The shipped graph, loaded on first use; `model(pairs)` gives P(highlight) per pair."""

    def __init__(self, path: Path | str = CLAUSE_MODEL_PATH, threads: int | None = None) -> None:
        self.path = Path(path)
        self.threads = threads
        self._session: Any = None
        self._tokenizer: Any = None
        self._lock = threading.Lock()

    def get_params(self) -> dict[str, object]:
        return {"path": self.path.name}

    def available(self) -> bool:
        return self.path.exists()

    def _load(self) -> tuple[Any, Any]:
        if self._session is None:
            with self._lock:
                if self._session is None:
                    import onnxruntime as ort

                    options = ort.SessionOptions()
                    options.intra_op_num_threads = self.threads or 1
                    options.inter_op_num_threads = 1
                    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
                    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
                    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
                    options.log_severity_level = 3
                    self._tokenizer = tokenizer()
                    self._session = ort.InferenceSession(str(self.path), options,
                                                         providers=["CPUExecutionProvider"])
        return self._session, self._tokenizer

    def __call__(self, batch: Sequence[tuple[str, str]], batch_size: int = 64) -> np.ndarray:
        if not len(batch):
            return np.zeros(0, dtype=np.float32)
        session, tok = self._load()
        # Similar lengths together, so a batch pads little.
        order = sorted(range(len(batch)), key=lambda i: len(batch[i][0]) + len(batch[i][1]))
        out = np.zeros(len(batch), dtype=np.float32)
        for start in range(0, len(order), batch_size):
            rows = order[start:start + batch_size]
            (p,) = session.run(None, encode(tok, [batch[i] for i in rows]))
            out[rows] = p
        return out
