"""How close an entry, and each of its sentences, comes to plain sentences that say each
mood (`MOOD_PROTOTYPES`), as extra columns for the embedding classifier (off in the shipped
model; the lab can try them).

For the entry's vector and for each sentence's vector: the cosine similarity to each mood's
prototypes, the largest and the mean (14 numbers); the entry's 14, then the largest and the mean
over its sentences of the sentences' 14: 42 columns in all, standardised on the training rows and
multiplied by the model's `prototype_weight`. A mean embedding of a whole entry blurs the one
sentence that says how the day was; its sentences compared with "I'm exhausted" do not.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pipelines.mood.vocabulary import MOOD_PROTOTYPES, MOODS

# columns: entry (max, mean) then sentences' max of (max, mean) and mean of (max, mean), 7 each
PROTOTYPE_COLUMNS = 6 * len(MOODS)


def mood_sentences(text: str) -> list[str]:
    """The sentences an entry's prototype similarities are read from: the summary's sentences
    (`pipelines.summaries.summary_sentences`), so the vectors an analysis makes for a summary are
    the mood's too."""
    from pipelines.summaries import summary_sentences

    return summary_sentences(text)


def prototype_table() -> tuple[list[str], list[str]]:
    """The prototype sentences and each one's mood, in MOODS order."""
    moods = [mood for mood in MOODS for _ in MOOD_PROTOTYPES[mood]]
    sentences = [sentence for mood in MOODS for sentence in MOOD_PROTOTYPES[mood]]
    return sentences, moods


def similarities(vectors: np.ndarray, prototype_vectors: np.ndarray, prototype_moods: Sequence[str]) -> np.ndarray:
    """(n, 14): for each vector, the largest then the mean cosine similarity to each mood's
    prototypes (MOODS order). Vectors are L2-normalised, so a dot product is the cosine."""
    sims = np.asarray(vectors, dtype=np.float64) @ np.asarray(prototype_vectors, dtype=np.float64).T
    moods = np.asarray(prototype_moods)
    columns = [moods == mood for mood in MOODS]
    return np.hstack([np.stack([sims[:, c].max(axis=1) for c in columns], axis=1),
                      np.stack([sims[:, c].mean(axis=1) for c in columns], axis=1)])


def prototype_features(
    entry_vectors: np.ndarray, sentence_vectors: Sequence[np.ndarray], prototype_vectors: np.ndarray,
    prototype_moods: Sequence[str],
) -> np.ndarray:
    """The raw (unscaled) 42 columns for each entry: its vector's similarities, then the largest
    and the mean over its sentences' (an entry without sentences counts as its one sentence)."""
    entry_vectors = np.asarray(entry_vectors)
    if len(sentence_vectors) != len(entry_vectors):
        raise ValueError(f"{len(entry_vectors)} entries but {len(sentence_vectors)} sentence vector sets")
    whole = similarities(entry_vectors, prototype_vectors, prototype_moods)
    rows = np.zeros((len(entry_vectors), PROTOTYPE_COLUMNS))
    for row, vectors in enumerate(sentence_vectors):
        vectors = np.asarray(vectors)
        per_sentence = (similarities(vectors, prototype_vectors, prototype_moods) if len(vectors)
                        else whole[row:row + 1])
        rows[row] = np.concatenate([whole[row], per_sentence.max(axis=0), per_sentence.mean(axis=0)])
    return rows


def sentence_vectors_for(
    sentences: Sequence[Sequence[str]], texts: Sequence[str], embeddings: np.ndarray | None,
) -> list[np.ndarray]:
    """Each text's sentence vectors: a sentence that is the whole text takes the text's vector
    (when given); the others go through the model in one `embed` call (which takes the vectors
    made ahead for an analysis batch, `pipelines.embeddings.embedded_together`)."""
    from pipelines.embeddings import EMBEDDING_DIM, embed

    wanted = list(dict.fromkeys(
        s for row, parts in enumerate(sentences) for s in parts
        if embeddings is None or s != texts[row].strip()))
    computed = dict(zip(wanted, embed(wanted), strict=True)) if wanted else {}
    out = []
    for row, parts in enumerate(sentences):
        vectors = [np.asarray(embeddings[row]) if embeddings is not None and s == texts[row].strip() else computed[s]
                   for s in parts]
        out.append(np.vstack(vectors).astype(np.float32) if vectors else np.zeros((0, EMBEDDING_DIM), np.float32))
    return out


def standardiser(raw: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Mean and scale of the raw columns (a constant column scales by 1)."""
    mean, scale = raw.mean(axis=0), raw.std(axis=0)
    return mean, np.where(scale > 1e-12, scale, 1.0)


def embed_with_sentences(embedder: object, texts: list[str]) -> tuple[np.ndarray, list[np.ndarray]]:
    """The texts' vectors and their `mood_sentences`' in one call of `embedder.transform`."""
    sentences = [mood_sentences(text) for text in texts]
    flat = list(dict.fromkeys([*texts, *(s for parts in sentences for s in parts)]))
    made = dict(zip(flat, np.asarray(embedder.transform(flat)), strict=True))  # type: ignore[attr-defined]
    width = next(iter(made.values())).shape[0]
    return (np.vstack([made[text] for text in texts]),
            [np.vstack([made[s] for s in parts]) if parts else np.zeros((0, width), np.float32)
             for parts in sentences])


def reads_sentences() -> bool:
    """Whether the shipped model compares an entry's sentences with the mood prototypes,
    so an analysis should make their vectors (`entry_sentence_vectors`)."""
    from pipelines.mood.model import get_mood_model

    return bool(get_mood_model().prototype_weight)


def entry_sentence_vectors(text: str, embedding: np.ndarray | None = None) -> np.ndarray | None:
    """The vectors of `mood_sentences(text)` (which are `summary_sentences(text)`: `summarize`
    takes them too), in one `embed` call, or None when the shipped model does not read sentences.
    A sentence that is the whole text takes `embedding`."""
    if not text or not text.strip() or not reads_sentences():
        return None
    given = None if embedding is None else np.asarray(embedding).reshape(1, -1)
    return sentence_vectors_for([mood_sentences(text)], [text], given)[0]
