"""The pattern pipeline on the labelled journal: clusters agree with the themes (ARI), one step
swapped from outside changes the result without touching pipeline code, the config round-trips,
and the `patterns` command prints one line per pattern."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pipelines.embeddings import embed
from pipelines.patterns import CTfidfNamer, IdentityReducer, KeywordNamer, PatternConfig, PatternPipeline, SmallKMeans
from pipelines.patterns.evaluation import LABELLED_JOURNAL, load_labelled, score

REPO = Path(__file__).resolve().parents[2]
# Measured with the committed config, tuned per writer (pipelines/README.md, "Patterns"): held-out
# ARI 0.575, tune 0.672 on this pooled journal. The floors leave room for float differences between
# machines, not for regressions.
HELDOUT_ARI_FLOOR = 0.5
TUNE_ARI_FLOOR = 0.6


@pytest.fixture(scope="module")
def splits():
    tune, heldout = load_labelled("tune"), load_labelled("heldout")
    return tune, embed([e.text for e in tune]), heldout, embed([e.text for e in heldout])


def test_labelled_journal_is_six_balanced_themes_with_a_held_out_split():
    rows = load_labelled("all")
    themes = {r.theme for r in rows}
    assert len(themes) == 6 and len(rows) == 96
    for theme in themes:
        assert sum(r.theme == theme and r.split == "heldout" for r in rows) == 6
    assert len({r.id for r in rows}) == len(rows)


def test_clusters_agree_with_the_themes_on_held_out_entries(splits):
    tune, x_tune, heldout, x_held = splits
    config = PatternConfig.load()
    held = score(PatternPipeline(config=config), heldout, x_held)
    assert held.ari >= HELDOUT_ARI_FLOOR, held
    assert held.silhouette is not None and held.silhouette > 0.2
    assert score(PatternPipeline(config=config), tune, x_tune).ari >= TUNE_ARI_FLOOR
    # far better than chance: a random labelling of the same sizes scores about 0
    rng = np.random.default_rng(0)
    shuffled = PatternPipeline(config=config).fit([e.text for e in heldout], x_held).labels_.copy()
    rng.shuffle(shuffled)
    from sklearn.metrics import adjusted_rand_score

    assert adjusted_rand_score([e.theme for e in heldout], shuffled) < 0.15


def test_swapping_one_step_changes_the_result_without_touching_pipeline_code(splits):
    tune, x_tune, _, _ = splits
    texts = [e.text for e in tune]
    default = PatternPipeline(config=PatternConfig()).fit(texts, x_tune)
    kmeans = PatternPipeline(config=PatternConfig()).set_params(clusterer=SmallKMeans(n_clusters=3)).fit(texts, x_tune)
    assert len(kmeans.patterns_) <= 3 < len(default.patterns_)
    assert not np.array_equal(default.labels_, kmeans.labels_)
    raw = PatternPipeline(config=PatternConfig(), reducer=IdentityReducer()).fit(texts, x_tune)
    assert raw.reduced_.shape[1] == x_tune.shape[1] and default.reduced_.shape[1] == 10
    named = PatternPipeline(config=PatternConfig(), namer=KeywordNamer()).fit(texts, x_tune)
    assert [p.name for p in named.patterns_] != [p.name for p in default.patterns_]
    assert "Well-being & Balance" in [p.name for p in named.patterns_]
    assert PatternPipeline().get_params()["namer"] is None
    assert isinstance(PatternPipeline(namer=CTfidfNamer()).get_params()["namer"], CTfidfNamer)


def test_patterns_carry_names_descriptions_and_insights_drawn_from_their_entries(splits):
    tune, x_tune, _, _ = splits
    by_id = {e.id: e for e in tune}
    fitted = PatternPipeline(config=PatternConfig()).fit([e.text for e in tune], x_tune, ids=[e.id for e in tune],
                                                         dates=[e.date for e in tune])
    assert fitted.patterns_
    sizes = [len(p.entry_ids) for p in fitted.patterns_]
    assert sizes == sorted(sizes, reverse=True) and min(sizes) >= PatternConfig().min_cluster_size
    for pattern in fitted.patterns_:
        assert pattern.name and pattern.description and pattern.keywords
        assert 1 <= len(pattern.insights) <= 5
        for insight in pattern.insights:
            # every claim cites at least two entries: a bare quote of one is no insight
            assert len(set(insight.entry_ids)) >= 2 and set(insight.entry_ids) <= set(pattern.entry_ids)
            if " wrote “" in insight.text:  # each quotation is a sentence of its entry, in time order
                quotes = re.findall(r"“([^”]*)”", insight.text)
                assert len(quotes) == len(insight.entry_ids) == 2, insight.text
                for quoted, entry_id in zip(quotes, insight.entry_ids, strict=True):
                    assert quoted.rstrip("…")[:40] in by_id[entry_id].text
    # the same input gives the same patterns
    again = PatternPipeline(config=PatternConfig()).fit([e.text for e in tune], x_tune, ids=[e.id for e in tune],
                                                        dates=[e.date for e in tune])
    assert [p.key for p in again.patterns_] == [p.key for p in fitted.patterns_]


def test_too_few_entries_make_no_patterns():
    fitted = PatternPipeline(config=PatternConfig()).fit(["one entry", "two"], embed(["one entry", "two"]))
    assert fitted.patterns_ == [] and list(fitted.labels_) == [-1, -1]


# Ten ordinary entries, three about the same worry (money and the boiler).
TEN_ENTRIES = [
    "Walked the dog round the park after work and looked at the sky for a while. Nice to be out.",
    "Worried sick about money. The boiler quote came in at twice what we thought and I lay awake doing sums.",
    "Read three chapters of my book on the sofa with a cup of tea. Bliss.",
    "Meeting ran over again and the client changed the brief for the third time.",
    "Phoned Mum. Her knee is still bad but she sounded cheerful.",
    "Money worries again. The car needs two new tyres and the council tax is due, and there's nothing left until payday.",
    "Cleaned the kitchen and did the big shop. Pasta bake for tea.",
    "Argued with Dad about the car again. He never lets it go.",
    "Checked the bank balance three times today. Still worrying about money and how we will pay for the boiler.",
    "Yoga before work. My shoulders finally loosened.",
]


def test_ten_entries_three_about_one_worry_make_that_pattern():
    """Below 11 entries ten PCA components kept every direction the entries span, so the entries sat
    about equally far apart and no three joined (0 of 20 random ten-entry journals of one voice); the
    reduction keeps at most half the entries' count of components. The cut tuned per writer (0.95)
    also joins four quiet days (a walk, a book with tea, pasta bake for tea, yoga): a known cost,
    pipelines/README.md "Patterns"."""
    pipeline = PatternPipeline(config=PatternConfig.load()).fit(TEN_ENTRIES, embed(TEN_ENTRIES),
                                                                ids=[f"e{i}" for i in range(10)])
    money = [p for p in pipeline.patterns_ if "e1" in p.entry_ids]
    assert [p.entry_ids for p in money] == [["e1", "e5", "e8"]]
    assert "Money" in money[0].name
    assert pipeline.reduced_.shape[1] == 5


def test_an_insight_names_words_as_the_user_writes_them():
    """Seen on a tour: "You came back to “dad” and “mum” in 3 entries"; Mum and Dad are people."""
    from pipelines.patterns.observations import as_written, draw_insights

    texts = ["Argued with Dad about the car again.", "Phoned Mum tonight. Dad's back is playing up.",
             "Her knee is still bad, Mum says. Work was long."]
    assert as_written("dad", texts) == "Dad" and as_written("mum", texts) == "Mum"
    assert as_written("work", texts) == "work"  # capitalised only where a sentence starts
    [first, *_] = draw_insights(ids=["a", "b", "c"], texts=texts, embeddings=embed(texts), keywords=["dad", "mum"])
    assert first.text == "You came back to “Dad” and “Mum” in 3 entries."


def test_config_saves_and_loads_and_refuses_unknown_keys(tmp_path):
    path = PatternConfig(distance_threshold=0.7, clusterer="kmeans").save(tmp_path / "c.json")
    assert PatternConfig.load(path) == PatternConfig(distance_threshold=0.7, clusterer="kmeans")
    (tmp_path / "bad.json").write_text('{"distance_treshold": 0.7}')
    with pytest.raises(Exception):
        PatternConfig.load(tmp_path / "bad.json")


def test_the_patterns_command_prints_one_line_per_pattern(tmp_path):
    rows = [json.loads(line) for line in LABELLED_JOURNAL.read_text().splitlines() if line.strip()]
    rows = [r for r in rows if r["split"] == "heldout"]
    source = tmp_path / "entries.jsonl"
    source.write_text("\n".join(json.dumps({"id": r["id"], "text": r["text"], "date": r["date"]}) for r in rows))
    done = subprocess.run([sys.executable, "-m", "pipelines", "patterns", "--input", str(source)], cwd=REPO,
                          capture_output=True, text=True, timeout=300, env={"HF_HUB_OFFLINE": "1", "PATH": "/usr/bin"})
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert lines
    seen: set[str] = set()
    for line in lines:
        assert set(line) == {"id", "name", "description", "entryIds", "insights"}
        assert not seen & set(line["entryIds"])  # an entry is in one pattern at most
        seen |= set(line["entryIds"])
        for insight in line["insights"]:
            assert set(insight) == {"text", "entryIds"} and set(insight["entryIds"]) <= set(line["entryIds"])
    assert seen <= {r["id"] for r in rows}
