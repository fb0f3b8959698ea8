"""Every parameter of the pattern pipeline in one typed object.

A notebook changes it, evaluates it and `save()`s it; the flow `load()`s the saved file
(`pipelines/data/pattern_config.json`). Unknown keys and wrong types in the file are errors, not
silently ignored settings.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Literal

import msgspec

DATA_DIR = Path(__file__).resolve().parents[1] / "data"

CONFIG_PATH = DATA_DIR / "pattern_config.json"

Reducer = Literal["none", "pca"]
Clusterer = Literal["agglomerative", "hdbscan", "kmeans"]
Namer = Literal["ctfidf", "keywords"]


class PatternConfig(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    # reduce: PCA centres the user's own entries, so what they share (the journaling voice)
    # drops out and the topics remain. Tuned per writer, one journal at a time, in
    # notebooks/pattern_tuning.ipynb (pipelines/README.md, "Patterns").
    reducer: Reducer = "pca"
    n_components: int = 10
    # cluster: agglomerative on cosine distance, average linkage, cut at a distance threshold, so
    # the number of patterns follows the journal instead of being fixed.
    clusterer: Clusterer = "agglomerative"
    linkage: Literal["average", "complete", "single"] = "average"
    distance_threshold: float = 0.8
    hdbscan_min_samples: int | None = None
    kmeans_clusters: int = 6
    min_cluster_size: int = 3  # smaller groups are noise: a pattern recurs
    # ... and in a long journal a pattern is a share of it: at least this share of the entries read
    # (365 entries: 8), never fewer than min_cluster_size.
    min_cluster_share: float = 0.02
    # run only from this many analysed entries
    min_entries: int = 6
    # name
    namer: Namer = "ctfidf"
    name_words: int = 2
    description_words: int = 5
    # insights drawn under each pattern
    max_insights: int = 5
    random_state: int = 0

    def min_size(self, entries: int) -> int:
        """The fewest entries a pattern of a journal of `entries` entries has."""
        return max(self.min_cluster_size, math.ceil(self.min_cluster_share * entries))

    def replace(self, **changes: object) -> PatternConfig:
        return msgspec.structs.replace(self, **changes)

    def to_dict(self) -> dict[str, object]:
        return msgspec.to_builtins(self)

    def save(self, path: Path | str = CONFIG_PATH) -> Path:
        path = Path(path)
        path.write_bytes(msgspec.json.format(msgspec.json.encode(self), indent=2) + b"\n")
        return path

    @classmethod
    def load(cls, path: Path | str = CONFIG_PATH) -> PatternConfig:
        path = Path(path)
        if not path.exists():
            return cls()
        return msgspec.json.decode(path.read_bytes(), type=cls)
