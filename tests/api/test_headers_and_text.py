"""Hardening found by probing the API: headers on every answer (the router's own 404 and 405
too), the CSRF Origin check by scheme, host and port, no-store on user data that has no ETag, and
text that would show as nothing, or as boxes, refused with a clear 400."""

from __future__ import annotations

import pytest

from api.__main__ import _make_admin
from api.errors import MSG_NOT_JSON
from tests.support.images import png_bytes
from tests.support.journal import write_entry

SECURITY_HEADERS = ("content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy")


@pytest.mark.parametrize("method, path", [
    ("GET", "/api/nope"), ("PUT", "/api/journal"), ("DELETE", "/api/admin/users/abc"), ("GET", "/api/auth/me"),
])
def test_routing_errors_carry_the_security_headers(ana, method, path):
    response = ana.request(method, path)
    assert response.status_code in (200, 404, 405), response.text
    for header in SECURITY_HEADERS:
        assert response.headers.get(header), (path, header, dict(response.headers))


def test_the_origin_must_be_ours_by_scheme_host_and_port(ana):
    for origin in ("evil://testserver.local", "http://testserver.local:8080", "http://evil.example", "null"):
        refused = ana.post("/api/insights", json={"text": "From elsewhere"}, headers={"Origin": origin})
        assert refused.status_code == 403, (origin, refused.text)
    assert ana.get("/api/insights").json() == []
    ours = ana.post("/api/insights", json={"text": "From the app"}, headers={"Origin": "http://testserver.local"})
    assert ours.status_code == 201, ours.text


def test_user_data_without_an_etag_is_not_stored_by_the_browser(ana):
    write_entry(ana, "A private day.")
    assert ana.get("/api/auth/me").headers["cache-control"] == "no-store"
    assert ana.get("/api/profile").headers["cache-control"] == "no-store"
    assert ana.get("/api/journal/search", params={"q": "day"}).headers["cache-control"] == "no-store"
    polled = ana.get("/api/journal")  # the polled lists keep their cheap revalidation
    assert polled.headers["cache-control"] == "private, no-cache" and polled.headers["etag"]
    assert ana.get("/api/tasks").headers["cache-control"] == "private, no-cache"


def test_control_characters_in_entries_and_captions_are_refused(ana):
    refused = ana.post("/api/journal", json={"content": "\u0001\u0007ctrl"})
    assert refused.status_code == 400 and refused.json()["field"] == "content", refused.text
    assert ana.get("/api/journal").json() == []
    entry = write_entry(ana, "Tabs\tand\r\nline breaks are text.")
    changed = ana.patch(f"/api/journal/{entry['id']}", json={"content": "bell\u0007"})
    assert changed.status_code == 400 and changed.json()["field"] == "content"
    photo = ana.post(f"/api/journal-photos/{entry['id']}", files={"photo": ("p.png", png_bytes(), "image/png")},
                     data={"caption": "sunset\u001b[31m"})
    assert photo.status_code == 400 and photo.json()["field"] == "caption", photo.text
    assert ana.get(f"/api/journal-photos/{entry['id']}").json() == []


def test_an_influencer_name_must_show_as_typed(ana, database_url):
    assert _make_admin(database_url, "ana@example.com", True) == 0
    blank = ana.post("/api/admin/generate-promo-code", json={"influencerName": "\u200b"})
    assert blank.status_code == 400 and blank.json()["error"] == "Please enter an influencer name"
    turned = ana.post("/api/admin/generate-promo-code", json={"influencerName": "\u202eevil"})
    assert turned.status_code == 400 and turned.json()["field"] == "influencerName", turned.text
    assert ana.get("/api/admin/promo-codes").json() == []
    assert ana.post("/api/admin/generate-promo-code", json={"influencerName": "Mia"}).status_code == 201


@pytest.mark.parametrize("q", ["\u0000", "\u202e", "\u200b \u200d"])
def test_a_search_for_nothing_visible_is_an_empty_search(ana, q):
    write_entry(ana, "Rain all day, then a quiet evening.")
    response = ana.get("/api/journal/search", params={"q": q})
    assert response.status_code == 400 and response.json()["error"] == "Type something to search for."


@pytest.mark.parametrize("body", [b"{", b"1e999999", b'{"content": "x",', b"[1,"])
def test_malformed_json_is_answered_in_the_apps_words(ana, body):
    response = ana.post("/api/journal", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 400 and response.json()["error"] == MSG_NOT_JSON, response.text
    assert ana.get("/api/journal").json() == []
