"""Premium from promo codes, the user's promo switch and the waitlist (spec part 1 sections 3, 6
and 7; part 2 sections 4, 5, 7 and 8). Codes come from an admin through the API, as in the
product: the server checks every code against the ones admins generated."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.support.database import sql

REPORT_URL = "/api/journal/therapist-report"
REPORT = {"startDate": "2026-01-01", "endDate": "2026-01-31", "therapistEmail": "dr.lee@clinic.example"}


def generate(boss, **body) -> dict:
    response = boss.post("/api/admin/generate-promo-code", json={"influencerName": "Mia Reads", **body})
    assert response.status_code == 201, response.text
    return response.json()


def me(client) -> dict:
    return client.get("/api/auth/me").json()


def test_a_free_account(ana):
    body = ana.get("/api/subscription").json()
    assert body == {
        "tier": "free", "status": "free", "periodEnd": None, "isPremium": False, "stripeCustomerId": None,
        "stripeSubscriptionId": None, "insightsUsedThisWeek": 0, "insightsLimit": 5, "taskGenerationsThisWeek": 0,
        "taskGenerationsUsedThisWeek": 0, "taskGenerationsLimit": 30,
    }
    assert ana.get("/api/subscription/promo-access").json() == {
        "hasAccess": False, "enabled": False, "available": False, "expiresAt": None}
    details = ana.get("/api/subscription/details").json()
    assert details["onPremiumTier"] is False and details["promo"]["available"] is False
    assert (details["promo"]["endedAt"], details["promo"]["endedCode"]) == (None, None)
    assert details["waitlist"] is None


def test_a_generated_code_applies_once_per_user_case_insensitively(boss, clients):
    code = generate(boss)["code"]
    ana, ben = clients("ana"), clients("ben")
    assert ana.post(REPORT_URL, json=REPORT).status_code == 403

    applied = ana.post("/api/subscription/promo-code", json={"code": f"  {code.lower()} "})
    assert applied.status_code == 200, applied.text
    assert applied.json()["success"] is True and applied.json()["message"] == "Promo code applied successfully!"
    assert me(ana)["isPremium"] is True
    subscription = ana.get("/api/subscription").json()
    assert (subscription["tier"], subscription["status"], subscription["isPremium"]) == ("premium", "trialing", True)
    assert subscription["insightsLimit"] is None and subscription["taskGenerationsLimit"] is None
    period_end = datetime.fromisoformat(subscription["periodEnd"])
    assert timedelta(days=29, hours=23) < period_end - datetime.now(UTC) <= timedelta(days=30)
    assert ana.get("/api/subscription/promo-access").json()["hasAccess"] is True
    details = ana.get("/api/subscription/details").json()
    assert details["promo"] | {"expiresAt": None} == {
        "available": True, "enabled": True, "hasAccess": True, "source": "code", "code": code, "expiresAt": None,
        "endedAt": None, "endedCode": None}
    assert ana.post("/api/journal", json={"content": "A January day.", "date": "01/15/2026"}).status_code == 201
    assert ana.post(REPORT_URL, json=REPORT).status_code == 200  # premium content follows isPremium

    again = ana.post("/api/subscription/promo-code", json={"code": code})
    assert again.status_code == 409
    assert again.json() | {"requestId": None} == {
        "error": "This promotional code is already active on your account.", "field": "code", "reason": "active",
        "requestId": None}
    assert ben.post("/api/subscription/promo-code", json={"code": code.upper()}).status_code == 200
    listed = boss.get("/api/admin/promo-codes").json()
    assert [(c["code"], c["currentUses"]) for c in listed] == [(code, 2)]


@pytest.mark.parametrize("case", ["unknown", "expired", "used up", "blank", "too long", "another prefix"])
def test_unknown_expired_and_used_up_codes_are_refused(boss, clients, database_url, case):
    code = generate(boss, maxUses=1)["code"]
    ana = clients("ana")
    attempt = {"unknown": "MIAREADS-AAAAAAAAAAAA", "blank": "   ", "too long": code + "X" * 40,
               "another prefix": "OTHER-" + code.split("-")[1]}.get(case, code)
    if case == "expired":
        sql(database_url, "UPDATE promo_codes SET expires_at = now() - interval '1 second'")
    if case == "used up":
        assert clients("ben").post("/api/subscription/promo-code", json={"code": code}).status_code == 200
    refused = ana.post("/api/subscription/promo-code", json={"code": attempt})
    assert refused.status_code == 400, refused.text
    expected = {"expired": ("This promotional code has expired.", "expired"),
                "used up": ("This promotional code has been used as many times as it allows.", "used_up")}
    message, reason = expected.get(case, ("Invalid promo code", "unknown"))
    assert (refused.json()["error"], refused.json()["reason"]) == (message, reason)
    assert me(ana)["isPremium"] is False
    assert ana.get("/api/subscription/promo-access").json()["available"] is False
    assert sql(database_url, "SELECT count(*) FROM promo_redemptions r JOIN users u ON u.id = r.user_id "
                             "WHERE u.username = 'ana'")[0][0] == 0


def test_promo_access_ends_by_itself(boss, clients, database_url):
    ana = clients("ana")
    code = generate(boss, durationDays=7)["code"]
    assert ana.post("/api/subscription/promo-code", json={"code": code}).status_code == 200
    assert me(ana)["isPremium"] is True
    sql(database_url, "UPDATE users SET promo_expires_at = now() - interval '1 second' WHERE username = 'ana'")
    # The code's access has run out: entering it again says it was used, not that it is active.
    used = ana.post("/api/subscription/promo-code", json={"code": code})
    assert used.status_code == 409
    assert (used.json()["error"], used.json()["reason"]) == ("You have already used this promo code.", "used")
    assert me(ana)["isPremium"] is False
    assert ana.get("/api/subscription").json()["tier"] == "free"
    assert ana.get("/api/subscription/promo-access").json() == {
        "hasAccess": False, "enabled": True, "available": False, "expiresAt": None}
    assert ana.post(REPORT_URL, json=REPORT).status_code == 403
    # The plan card can say which code's premium ended, and when.
    promo = ana.get("/api/subscription/details").json()["promo"]
    ended_at = datetime.fromisoformat(promo.pop("endedAt"))
    assert timedelta(0) < datetime.now(UTC) - ended_at < timedelta(minutes=5)
    assert promo == {"available": False, "enabled": True, "hasAccess": False, "source": None, "code": None,
                     "expiresAt": None, "endedCode": code}
    # Run out, it cannot be switched back on.
    again = ana.post("/api/subscription/toggle-promo", json={"enabled": True})
    assert again.status_code == 400 and "no promo access" in again.json()["error"]


def test_only_promo_access_that_ran_out_is_told_as_ended(boss, clients, database_url):
    ana = clients("ana")
    assert ana.post("/api/subscription/promo-code", json={"code": generate(boss)["code"]}).status_code == 200
    sql(database_url, "UPDATE users SET promo_source = 'admin', promo_expires_at = now() - interval '1 second' "
                      "WHERE username = 'ana'")
    promo = ana.get("/api/subscription/details").json()["promo"]
    assert promo["endedAt"] is not None and promo["endedCode"] is None  # an admin's grant names no code
    # A revoke is not an end by itself: nothing is told.
    sql(database_url, "UPDATE users SET promo_source = NULL, promo_expires_at = NULL, promo_access = false "
                      "WHERE username = 'ana'")
    promo = ana.get("/api/subscription/details").json()["promo"]
    assert (promo["endedAt"], promo["endedCode"]) == (None, None)


def test_toggling_promo_removes_and_restores_premium(boss, clients, database_url):
    ana = clients("ana")
    refused = ana.post("/api/subscription/toggle-promo", json={"enabled": True})
    assert refused.status_code == 400 and me(ana)["isPremium"] is False  # nothing to switch on
    assert ana.post("/api/subscription/promo-code", json={"code": generate(boss)["code"]}).status_code == 200

    off = ana.post("/api/subscription/toggle-promo", json={"enabled": False})
    assert off.status_code == 200 and off.json()["hasAccess"] is False
    assert me(ana)["isPremium"] is False
    assert ana.get("/api/subscription/promo-access").json()["hasAccess"] is False
    assert ana.post(REPORT_URL, json=REPORT).status_code == 403

    on = ana.post("/api/subscription/toggle-promo", json={"enabled": True})
    assert on.status_code == 200 and on.json()["hasAccess"] is True
    assert me(ana)["isPremium"] is True
    assert ana.post("/api/journal", json={"content": "A January day.", "date": "01/15/2026"}).status_code == 201
    assert ana.post(REPORT_URL, json=REPORT).status_code == 200

    # The switch is disabled on the paid tier: premium stays either way.
    sql(database_url, "UPDATE users SET subscription_tier = 'premium' WHERE username = 'ana'")
    tier = ana.post("/api/subscription/toggle-promo", json={"enabled": False})
    assert tier.status_code == 400 and tier.json()["error"] == "Promo access cannot be toggled on the premium tier."
    assert me(ana)["isPremium"] is True
    assert ana.get("/api/subscription").json()["status"] == "active"


def test_code_attempts_are_rate_limited(ana):
    answers = [ana.post("/api/subscription/promo-code", json={"code": f"GUESS-{n:012d}"}).status_code
               for n in range(11)]
    assert answers == [400] * 10 + [429]


def test_the_waitlist(ana, database_url):
    missing = ana.post("/api/waitlist/join", json={"email": "ana@example.com", "message": "  "})
    assert missing.status_code == 400
    assert missing.json()["error"] == "Missing information: Please provide both your email and journaling story."
    odd = ana.post("/api/waitlist/join", json={"message": "Hi", "interestedFeatures": ["teleportation"]})
    assert odd.status_code == 400 and odd.json()["field"] == "interestedFeatures"
    too_long = ana.post("/api/waitlist/join", json={"message": "x" * 5001})
    assert too_long.status_code == 400 and too_long.json()["field"] == "message"
    assert sql(database_url, "SELECT count(*) FROM waitlist_entries")[0][0] == 0

    # The account's address is used, not one in the body.
    joined = ana.post("/api/waitlist/join", json={"email": "someone.else@example.com",
                                                  "message": "I journal every night since 2019.",
                                                  "interestedFeatures": ["calendar-integration"]})
    assert joined.status_code == 200, joined.text
    assert joined.json()["message"].startswith("Thanks for sharing!")
    assert joined.json()["entry"]["email"] == "ana@example.com"
    assert ana.post("/api/waitlist/leave").json()["entry"]["isSubscribed"] is False
    again = ana.post("/api/waitlist/join", json={"message": "Still journaling.",
                                                 "interestedFeatures": ["couples-journaling", "calendar-integration"]})
    assert again.json()["entry"]["isSubscribed"] is True
    rows = sql(database_url, "SELECT email, message, interested_features, is_subscribed FROM waitlist_entries")
    assert rows == [("ana@example.com", "Still journaling.", ["couples-journaling", "calendar-integration"], True)]
    joined = ana.get("/api/subscription/details").json()["waitlist"]
    assert (joined["isSubscribed"], joined["message"]) == (True, "Still journaling.")  # shown back in the form


def test_leaving_a_waitlist_one_never_joined_is_404(ana):
    response = ana.post("/api/waitlist/leave")
    assert response.status_code == 404 and response.json()["error"] == "You are not on the waitlist."
