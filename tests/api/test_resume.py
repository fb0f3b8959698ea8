from __future__ import annotations

from tests.support.accounts import signed_up
from tests.support.app import app_client


def test_resume_lifecycle_and_isolation(ana, app, settings):
    absent = ana.get("/api/resume")
    assert absent.status_code == 200 and absent.json()["error"]  # the spec's "no resume"
    assert ana.post("/api/resume", json={"content": "  "}).status_code == 400
    saved = ana.post("/api/resume", json={"content": "Product designer, 8 years."}).json()
    assert saved["content"] == "Product designer, 8 years." and "error" not in saved
    assert ana.get("/api/resume").json()["content"] == "Product designer, 8 years."
    with app_client(app) as other:
        signed_up(other, settings.outbox_dir, "bruno", "bruno@example.com")
        assert other.get("/api/resume").json()["error"]
    assert ana.delete("/api/resume").status_code == 200
    assert ana.get("/api/resume").json()["error"]
