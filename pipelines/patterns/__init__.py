"""Pattern clustering: the steps (reduce, cluster, name, draw insights), their one config object,
and the evaluation on the labelled journal. Plain functions and scikit-learn-style estimators: the
flow (`pipelines/flows/pattern_clustering.py`), the CLI and the notebooks use the same code."""

from pipelines.patterns.config import CONFIG_PATH, PatternConfig
from pipelines.patterns.observations import InsightDraft, draw_insights
from pipelines.patterns.pipeline import PatternDraft, PatternPipeline, pattern_key
from pipelines.patterns.steps import CTfidfNamer, IdentityReducer, KeywordNamer, SafePCA, SmallKMeans

__all__ = [
    "CONFIG_PATH", "CTfidfNamer", "IdentityReducer", "InsightDraft", "KeywordNamer", "PatternConfig",
    "PatternDraft", "PatternPipeline", "SafePCA", "SmallKMeans", "draw_insights", "pattern_key",
]
