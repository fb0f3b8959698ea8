"""Fixtures shared by the pipelines tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def encode_calls():
    """Every batch of texts the embedding model encodes while the test runs."""
    from pipelines.embeddings import get_model

    model = get_model()
    original = model.encode
    calls: list[list[str]] = []

    def counted(texts, *args, **kwargs):
        calls.append(list(texts))
        return original(texts, *args, **kwargs)

    model.encode = counted
    yield calls
    model.encode = original
