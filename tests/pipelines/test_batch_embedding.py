"""The analysis path's embedding cost: entries analysed together go through the model in one call,
an imported entry's stored embedding is reused rather than made again, and neither changes what
the analysis writes."""

from __future__ import annotations

import uuid
from datetime import date, timedelta

import numpy as np
import sqlalchemy as sa

from tests.support.accounts import signed_up

TEXTS = [
    ("Work was exhausting today and I barely slept. I need to call the landlord before Friday about the "
    "leaking pipe. Also don't forget to renew my passport. The evening walk helped me calm down a lot."),
    "Had coffee with Mira and we talked about her new job for hours. I want to learn Spanish this year.",
    "Quiet Sunday. Read in the park, cooked a big pot of soup, and went to bed early feeling content.",
]


def _entries(texts: list[str], *, imported: bool) -> list[str]:
    """Entries written straight to the database (no analysis is queued for them); `imported`:
    embedded as the import stores them."""
    from models import JournalEntry, User
    from pipelines import db
    from pipelines.embeddings import embed

    with db.session() as s:
        user = s.scalars(sa.select(User)).first()
        vectors = embed(texts) if imported else [None] * len(texts)
        rows = [JournalEntry(user_id=user.id, content=text, entry_date=date(2026, 3, 1) + timedelta(days=i),
                             embedding=None if v is None else v.tolist())
                for i, (text, v) in enumerate(zip(texts, vectors, strict=True))]
        s.add_all(rows)
        s.commit()
        return [str(r.id) for r in rows]


def _stored(entry_id: str):
    from models import JournalEntry
    from pipelines import db

    with db.session() as s:
        entry = s.get(JournalEntry, uuid.UUID(entry_id))
        return entry.analysis_state, np.asarray(entry.embedding, dtype=np.float32), entry.mood, entry.summary


def test_embedded_together_calls_the_model_once_and_gives_the_same_vectors(encode_calls):
    from pipelines.embeddings import embed, embedded_together

    alone = embed(TEXTS)
    encode_calls.clear()
    with embedded_together(TEXTS) as made:
        inside = np.vstack([embed([text])[0] for text in TEXTS])
        assert made == len(TEXTS)
        assert len(encode_calls) == 1  # the one call made ahead; none per text inside
        fresh = embed(["A text nobody made ahead."])  # still embedded when asked for
    assert len(encode_calls) == 2 and encode_calls[1] == ["A text nobody made ahead."]
    assert fresh.shape == (1, 384)
    np.testing.assert_allclose(inside, alone, atol=1e-5)  # batching moves only the last digits
    encode_calls.clear()
    embed([TEXTS[0]])  # outside the block: the model again
    assert encode_calls == [[TEXTS[0]]]


def test_a_batch_of_entries_embeds_their_texts_in_one_call(client, settings, encode_calls):
    from pipelines.analysis import analyse_entry
    from pipelines.embeddings import embed
    from pipelines.flows.highlight_extraction import embedded_ahead

    signed_up(client, settings.outbox_dir)
    ids = _entries(TEXTS, imported=False)
    encode_calls.clear()
    with embedded_ahead(ids):
        results = [analyse_entry(entry_id) for entry_id in ids]
    assert [r.status for r in results] == ["done"] * len(TEXTS)
    with_entry_text = [call for call in encode_calls if any(text in call for text in TEXTS)]
    assert len(with_entry_text) == 1 and set(TEXTS) <= set(with_entry_text[0])
    for entry_id, text in zip(ids, TEXTS, strict=True):
        state, vector, mood, summary = _stored(entry_id)
        assert state == "done" and mood and summary
        assert float(vector @ embed([text])[0]) > 0.9999  # the entry's own vector, stored


def test_an_imported_entry_is_not_embedded_again_by_its_analysis(client, settings, encode_calls):
    from pipelines.analysis import analyse_entry

    signed_up(client, settings.outbox_dir)
    [entry_id] = _entries(TEXTS[:1], imported=True)
    _, before, _, _ = _stored(entry_id)
    encode_calls.clear()
    assert analyse_entry(entry_id).status == "done"
    assert not any(TEXTS[0] in call for call in encode_calls)
    state, after, mood, summary = _stored(entry_id)
    assert state == "done" and mood and summary
    np.testing.assert_array_equal(after, before)


def test_an_edited_imported_entry_is_embedded_from_its_new_text(client, settings, encode_calls):
    from models import JournalEntry
    from pipelines import db
    from pipelines.analysis import analyse_entry

    signed_up(client, settings.outbox_dir)
    [entry_id] = _entries(TEXTS[:1], imported=True)
    with db.session() as s:  # an edit, as the API makes it: new text, next version
        entry = s.get(JournalEntry, uuid.UUID(entry_id))
        entry.content = TEXTS[2]
        entry.content_version += 1
        s.commit()
    encode_calls.clear()
    assert analyse_entry(entry_id).status == "done"
    assert any(TEXTS[2] in call for call in encode_calls)
