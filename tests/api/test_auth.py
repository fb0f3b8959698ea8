"""Accounts: sign up, verify, agree, sign in, sessions — and every rule the server enforces."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa

from tests.support.accounts import PASSWORD, last_code, last_reset_link, outbox_messages, register, signed_up
from tests.support.app import app_client


@pytest.fixture
def outbox(settings):
    return settings.outbox_dir


# -- the happy path ------------------------------------------------------------------------
def test_register_verify_agree_then_signed_in(client, outbox):
    registered = register(client)
    assert registered.status_code == 201
    body = registered.json()
    assert body["username"] == "ana" and body["email"] == "ana@example.com" and body["id"]
    assert "authToken" not in body  # no session before the address is verified

    code = last_code(outbox, "ana@example.com")
    verified = client.post("/api/auth/verify-email", json={"userId": body["id"], "verificationCode": code})
    assert verified.status_code == 200
    data = verified.json()
    assert data["success"] and data["needsTermsAgreement"] and not data["alreadyVerified"]
    assert data["authToken"] and client.cookies.get("reverie_session") == data["authToken"]

    pending = client.get("/api/auth/me")
    assert pending.status_code == 403
    assert pending.json()["needsTermsAgreement"] is True
    assert pending.json()["user"]["username"] == "ana"

    agreed = client.post("/api/auth/terms-agreement", json={"userId": body["id"]})
    assert agreed.status_code == 200 and agreed.json()["user"]["agreedToTerms"] is True
    me = client.get("/api/auth/me")
    assert me.status_code == 200
    assert me.json()["username"] == "ana" and me.json()["isAdmin"] is False


def test_login_with_username_or_email_case_insensitively(client, outbox):
    signed_up(client, outbox)
    client.post("/api/auth/logout")
    for login in ("ana", "ANA", "Ana@Example.com"):
        response = client.post("/api/auth/login", json={"username": login, "password": PASSWORD})
        assert response.status_code == 200, (login, response.text)
        assert response.json()["user"]["email"] == "ana@example.com"


# -- validation ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "change, field, message",
    [
        ({"username": "ab"}, "username", "Username must be at least 3 characters"),
        ({"email": "not-an-email"}, "email", "Please enter a valid email address"),
        ({"password": "12345"}, "password", "Password must be at least 6 characters"),
        ({"confirmPassword": "different"}, "confirmPassword", "Passwords do not match"),
        ({"journalingPreferences": {}}, "journalingPreferences.status", "Please select your journaling status"),
        ({"journalingPreferences": {"status": "used-to"}}, "journalingPreferences.frequency",
         "Please select how often you journal"),
    ],
)
def test_registration_rules_use_the_spec_messages(client, change, field, message, db):
    body = {
        "username": "ana", "email": "ana@example.com", "password": PASSWORD,
        "journalingPreferences": {"status": "yes", "frequency": "daily"}, **change,
    }
    response = client.post("/api/auth/register", json=body)
    assert response.status_code == 400
    assert response.json() == {"error": message, "field": field}
    with db.connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM users")).scalar() == 0


def test_choosing_no_clears_the_frequency(client, db):
    response = register(client, journalingPreferences={"status": "no", "frequency": "daily"})
    assert response.status_code == 201
    with db.connect() as conn:
        assert conn.execute(sa.text("SELECT journaling_frequency FROM users")).scalar() is None


@pytest.mark.parametrize("username, email_address", [("ANA", "other@example.com"), ("other", "ANA@EXAMPLE.COM")])
def test_usernames_and_emails_are_unique_case_insensitively(client, username, email_address):
    assert register(client).status_code == 201
    response = register(client, username, email_address)
    assert response.status_code == 409
    assert response.json()["error"] == "Username or email may already be taken."


def test_malformed_bodies_are_400(client):
    assert client.post("/api/auth/register", content=b"{", headers={"content-type": "application/json"}).status_code == 400
    assert client.post("/api/auth/login", json={"username": "ana", "password": PASSWORD, "extra": 1}).status_code == 400
    assert client.post("/api/auth/login", json={"username": 5, "password": PASSWORD}).status_code == 400
    assert client.post("/api/auth/login", json={"username": "ana"}).json()["error"] == "Password is required for login"


# -- passwords -----------------------------------------------------------------------------
def test_password_hash_is_argon2id_with_the_required_cost(client, db):
    register(client)
    with db.connect() as conn:
        stored = conn.execute(sa.text("SELECT password_hash FROM users")).scalar()
    assert PASSWORD not in stored
    variant, version, params, *_ = stored.lstrip("$").split("$")
    assert variant == "argon2id" and version == "v=19"
    costs = dict(part.split("=") for part in params.split(","))
    assert int(costs["m"]) >= 19 * 1024 and int(costs["t"]) >= 2


def test_long_passwords_are_used_whole(client, outbox):
    long_password = "pass phrase " * 10  # 120 characters
    signed_up(client, outbox, password=long_password)
    client.post("/api/auth/logout")
    assert client.post("/api/auth/login", json={"username": "ana", "password": long_password[:72]}).status_code == 401
    assert client.post("/api/auth/login", json={"username": "ana", "password": long_password}).status_code == 200


# -- sign-in failures and enumeration ------------------------------------------------------
def test_wrong_password_and_unknown_user_get_the_same_401(client, outbox):
    signed_up(client, outbox)
    client.post("/api/auth/logout")
    wrong = client.post("/api/auth/login", json={"username": "ana", "password": "wrong password"})
    unknown = client.post("/api/auth/login", json={"username": "nobody", "password": "wrong password"})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() == {"error": "Invalid username/email or password"}


def test_unverified_login_is_403_and_sends_a_new_code(client, outbox):
    register(client)
    sent_before = len(outbox_messages(outbox))
    response = client.post("/api/auth/login", json={"username": "ana", "password": PASSWORD})
    assert response.status_code == 403
    body = response.json()
    assert body["needsVerification"] is True
    assert body["error"] == "Please verify your email address. A new verification code has been sent."
    assert body["user"]["username"] == "ana" and "authToken" not in body
    assert len(outbox_messages(outbox)) == sent_before + 1
    # A wrong password never reveals that the account is unverified.
    wrong = client.post("/api/auth/login", json={"username": "ana", "password": "not it at all"})
    assert wrong.status_code == 401


def test_forgot_password_answers_the_same_for_unknown_addresses(client, outbox):
    signed_up(client, outbox)
    known = client.post("/api/auth/forgot-password", json={"email": "ana@example.com"})
    unknown = client.post("/api/auth/forgot-password", json={"email": "nobody@example.com"})
    assert known.status_code == unknown.status_code == 200
    assert known.json() == unknown.json()
    assert [m["To"] for m in outbox_messages(outbox) if "Reset" in m["Subject"]] == ["ana@example.com"]


def test_resend_verification_answers_the_same_for_unknown_addresses(client, outbox):
    register(client)
    known = client.post("/api/auth/resend-verification", json={"email": "ana@example.com"})
    unknown = client.post("/api/auth/resend-verification", json={"email": "nobody@example.com"})
    assert known.status_code == unknown.status_code == 200
    assert known.json() == unknown.json()


# -- sessions ------------------------------------------------------------------------------
def test_every_login_gets_a_new_token_stored_only_as_a_hash(client, outbox, db):
    signed_up(client, outbox)
    first = client.post("/api/auth/login", json={"username": "ana", "password": PASSWORD}).json()["authToken"]
    second = client.post("/api/auth/login", json={"username": "ana", "password": PASSWORD}).json()["authToken"]
    assert first != second and len(first) >= 22  # >= 128 bits, URL-safe base64
    with db.connect() as conn:
        stored = [row[0] for row in conn.execute(sa.text("SELECT token_hash FROM auth_sessions"))]
    assert first not in stored and second not in stored and len(stored) == 3


def test_bearer_works_and_the_query_string_never_does(client, outbox):
    token = signed_up(client, outbox)["authToken"]
    client.cookies.clear()
    assert client.get("/api/auth/me", headers={"Authorization": f"Bearer {token}"}).status_code == 200
    assert client.get(f"/api/auth/me?token={token}").status_code == 401
    assert client.get("/api/auth/me", headers={"Authorization": "Bearer not-a-token"}).status_code == 401


def test_logout_ends_the_session(client, outbox):
    token = signed_up(client, outbox)["authToken"]
    assert client.post("/api/auth/logout").status_code == 200
    assert client.get("/api/auth/me", headers={"Authorization": f"Bearer {token}"}).status_code == 401


def test_idle_sessions_expire_and_the_session_call_keeps_one_alive(client, outbox, db, settings):
    token = signed_up(client, outbox)["authToken"]
    idle = timedelta(minutes=settings.session_idle_minutes)
    with db.begin() as conn:
        conn.execute(sa.text("UPDATE auth_sessions SET last_seen_at = :t"),
                     {"t": datetime.now(UTC) - idle + timedelta(minutes=1)})
    assert client.get("/api/auth/me").status_code == 200  # touches the session
    with db.connect() as conn:
        seen = conn.execute(sa.text("SELECT max(last_seen_at) FROM auth_sessions")).scalar()
    assert datetime.now(UTC) - seen < timedelta(seconds=30)
    with db.begin() as conn:
        conn.execute(sa.text("UPDATE auth_sessions SET last_seen_at = :t"), {"t": datetime.now(UTC) - idle})
    response = client.get("/api/auth/me", headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 401
    assert response.json()["error"] == "Not authenticated. Please log in."


def test_sessions_end_at_their_absolute_lifetime(client, outbox, db):
    signed_up(client, outbox)
    with db.begin() as conn:
        conn.execute(sa.text("UPDATE auth_sessions SET expires_at = now() - interval '1 second'"))
    assert client.get("/api/auth/me").status_code == 401


def test_session_cookie_is_httponly_and_samesite(client, outbox):
    registered = register(client)
    code = last_code(outbox, "ana@example.com")
    response = client.post("/api/auth/verify-email",
                           json={"userId": registered.json()["id"], "verificationCode": code})
    cookie = response.headers["set-cookie"].lower()
    assert "reverie_session=" in cookie and "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie


# -- cross-site request forgery ------------------------------------------------------------
def test_cross_site_form_post_with_only_the_cookie_changes_nothing(client, outbox, db):
    signed_up(client, outbox)
    client.headers.pop("X-Requested-With")
    forged = client.put(
        "/api/users/profile",
        content=b"username=hacked",
        headers={"content-type": "application/x-www-form-urlencoded", "origin": "https://evil.example"},
    )
    assert forged.status_code == 403
    deleted = client.delete("/api/users/account")
    assert deleted.status_code == 403
    logout = client.post("/api/auth/logout", headers={"origin": "https://evil.example", "X-Requested-With": "x"})
    assert logout.status_code == 403
    with db.connect() as conn:
        assert conn.execute(sa.text("SELECT username FROM users")).scalar() == "ana"
        assert conn.execute(sa.text("SELECT count(*) FROM auth_sessions")).scalar() == 1


def test_bearer_clients_need_no_csrf_header(client, outbox):
    token = signed_up(client, outbox)["authToken"]
    client.cookies.clear()
    client.headers.pop("X-Requested-With")
    response = client.put("/api/users/profile", json={"fullName": "Ana Lima"},
                          headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200 and response.json()["user"]["fullName"] == "Ana Lima"


# -- verification codes --------------------------------------------------------------------
def test_code_format_is_checked(client):
    user_id = register(client).json()["id"]
    response = client.post("/api/auth/verify-email", json={"userId": user_id, "verificationCode": "12345"})
    assert response.status_code == 400 and response.json()["error"] == "Verification code must be 6 digits"


def test_codes_expire_after_15_minutes(client, outbox, db):
    user_id = register(client).json()["id"]
    code = last_code(outbox, "ana@example.com")
    with db.begin() as conn:
        issued = conn.execute(sa.text("SELECT created_at, expires_at FROM verification_codes")).one()
        assert abs(issued.expires_at - issued.created_at - timedelta(minutes=15)) < timedelta(seconds=1)
        conn.execute(sa.text("UPDATE verification_codes SET expires_at = now() - interval '1 second'"))
    response = client.post("/api/auth/verify-email", json={"userId": user_id, "verificationCode": code})
    assert response.status_code == 400 and response.json()["needsNewCode"] is True


def test_five_wrong_codes_need_a_new_code(client, outbox):
    user_id = register(client).json()["id"]
    code = last_code(outbox, "ana@example.com")
    wrong = f"{(int(code) + 1) % 10**6:06d}"
    for attempt in range(5):
        response = client.post("/api/auth/verify-email", json={"userId": user_id, "verificationCode": wrong})
        assert response.status_code == 400
    assert response.json()["needsNewCode"] is True
    right = client.post("/api/auth/verify-email", json={"userId": user_id, "verificationCode": code})
    assert right.status_code == 400, "the right code must not work after five wrong ones"
    client.post("/api/auth/resend-verification", json={"email": "ana@example.com"})
    fresh = last_code(outbox, "ana@example.com")
    assert client.post("/api/auth/verify-email", json={"userId": user_id, "verificationCode": fresh}).status_code == 200


def test_auto_verify_only_confirms_a_signed_in_owner(client, outbox):
    body = signed_up(client, outbox)
    user_id = body["user"]["id"]
    ok = client.post("/api/auth/verify-email", json={"userId": user_id, "verificationCode": "auto-verify"})
    assert ok.status_code == 200 and ok.json()["alreadyVerified"] is True
    client.post("/api/auth/logout")
    stranger = client.post("/api/auth/verify-email", json={"userId": user_id, "verificationCode": "auto-verify"})
    assert stranger.status_code == 401 and "authToken" not in stranger.text


# -- password reset ------------------------------------------------------------------------
def test_reset_link_works_once_and_ends_every_session(client, outbox, db):
    old_token = signed_up(client, outbox)["authToken"]
    client.post("/api/auth/forgot-password", json={"email": "ana@example.com"})
    link = last_reset_link(outbox, "ana@example.com")
    token = link.rsplit("/", 1)[1]
    with db.connect() as conn:
        row = conn.execute(sa.text("SELECT token_hash, expires_at - created_at AS ttl FROM password_reset_tokens")).one()
    assert token not in row.token_hash and abs(row.ttl - timedelta(hours=1)) < timedelta(seconds=1)

    done = client.post("/api/auth/reset-password", json={"token": token, "newPassword": "a brand new secret"})
    assert done.status_code == 200 and done.json() == {"success": True, "username": "ana"}
    assert client.get("/api/auth/me", headers={"Authorization": f"Bearer {old_token}"}).status_code == 401
    again = client.post("/api/auth/reset-password", json={"token": token, "newPassword": "yet another secret"})
    assert again.status_code == 400 and again.json()["expired"] is True
    assert client.post("/api/auth/login", json={"username": "ana", "password": PASSWORD}).status_code == 401
    assert client.post("/api/auth/login", json={"username": "ana", "password": "a brand new secret"}).status_code == 200


def test_expired_reset_tokens_fail(client, outbox, db):
    signed_up(client, outbox)
    client.post("/api/auth/forgot-password", json={"email": "ana@example.com"})
    token = last_reset_link(outbox, "ana@example.com").rsplit("/", 1)[1]
    with db.begin() as conn:
        conn.execute(sa.text("UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'"))
    response = client.post("/api/auth/reset-password", json={"token": token, "newPassword": "a brand new secret"})
    assert response.status_code == 400
    assert response.json()["error"] == "This password reset link is invalid or has expired."


# -- rate limits ---------------------------------------------------------------------------
def test_failed_logins_slow_the_attacker_but_not_the_owner(client, outbox, app):
    signed_up(client, outbox)
    client.post("/api/auth/logout")
    app.state.settings = type(app.state.settings)(**{
        **{f: getattr(app.state.settings, f) for f in app.state.settings.__struct_fields__},
        "trust_forwarded_for": True,
        "trusted_proxies": frozenset({"testclient"}),  # the TestClient's peer plays the proxy
    })
    attacker = {"X-Forwarded-For": "203.0.113.9"}
    statuses = [
        client.post("/api/auth/login", json={"username": "ana", "password": f"guess {i}"}, headers=attacker).status_code
        for i in range(7)
    ]
    assert statuses[:5] == [401] * 5 and statuses[6] == 429
    blocked = client.post("/api/auth/login", json={"username": "ana", "password": PASSWORD}, headers=attacker)
    assert blocked.status_code == 429 and int(blocked.headers["retry-after"]) > 0
    owner = client.post("/api/auth/login", json={"username": "ana", "password": PASSWORD},
                        headers={"X-Forwarded-For": "198.51.100.7"})
    assert owner.status_code == 200


@pytest.mark.parametrize(
    "path, body",
    [
        ("/api/auth/forgot-password", {"email": "ana@example.com"}),
        ("/api/auth/resend-verification", {"email": "ana@example.com"}),
        ("/api/auth/reset-password", {"token": "nope", "newPassword": "whatever123"}),
    ],
)
def test_account_calls_are_rate_limited_with_retry_after(client, path, body):
    statuses = [client.post(path, json=body).status_code for _ in range(25)]
    assert 429 in statuses
    limited = client.post(path, json=body)
    assert limited.status_code == 429
    assert int(limited.headers["retry-after"]) >= 1
    assert limited.json()["error"]


# -- accounts ------------------------------------------------------------------------------
def test_profile_update_enforces_the_rules(client, outbox):
    signed_up(client, outbox)
    short = client.put("/api/users/profile", json={"username": "ab"})
    assert short.status_code == 400 and short.json()["error"] == "Username must be at least 3 characters"
    assert client.put("/api/users/profile", json={"gender": "robot"}).status_code == 400
    assert client.put("/api/users/profile", json={"birthDate": "2999-01-01"}).status_code == 400
    ok = client.put("/api/users/profile", json={
        "username": "ana.lima", "fullName": "Ana Lima", "gender": "female", "birthDate": "1990-04-02",
        "journalingExperience": "expert", "darkMode": False, "showDarkModeToggle": True,
    })
    assert ok.status_code == 200, ok.text
    user = ok.json()["user"]
    assert (user["username"], user["gender"], user["birthDate"], user["darkMode"]) == (
        "ana.lima", "female", "1990-04-02", False)


def test_profile_username_must_stay_unique(client, outbox, app):
    with app_client(app) as other:
        signed_up(other, outbox, "bruno", "bruno@example.com")
    signed_up(client, outbox)
    taken = client.put("/api/users/profile", json={"username": "BRUNO"})
    assert taken.status_code == 409


def test_deleting_the_account_deletes_what_it_owns(client, outbox, db, settings):
    body = signed_up(client, outbox)
    user_id = body["user"]["id"]
    files = settings.data_dir / "files" / user_id
    files.mkdir(parents=True)
    (files / "photo.jpg").write_bytes(b"jpeg")
    response = client.request("DELETE", "/api/users/account", json={"currentPassword": PASSWORD})
    assert response.status_code == 200
    with db.connect() as conn:
        for table in ("users", "auth_sessions", "verification_codes", "password_reset_tokens"):
            assert conn.execute(sa.text(f"SELECT count(*) FROM {table}")).scalar() == 0, table
    assert not files.exists()
    assert client.get("/api/auth/me", headers={"Authorization": f"Bearer {body['authToken']}"}).status_code == 401


def test_pending_users_are_blocked_from_the_app(client, outbox):
    signed_up(client, outbox, agree=False)
    response = client.put("/api/users/profile", json={"fullName": "x"})
    assert response.status_code == 403
    assert response.json()["needsTermsAgreement"] is True


def test_a_session_ended_while_it_is_being_read_is_simply_gone(client, outbox, settings, database_url):
    """Logout racing a session refresh: the refresh must answer 401, never 500."""
    import anyio
    from sqlalchemy.ext.asyncio import async_sessionmaker, create_async_engine

    from api.accounts.sessions import resolve_session

    token = signed_up(client, outbox)["authToken"]

    async def race() -> object:
        engine = create_async_engine(database_url)
        sessions = async_sessionmaker(engine, expire_on_commit=False)
        async with sessions() as reader, sessions() as other:
            from api.accounts.secrets import hash_token
            from models import AuthSession

            # The logout deletes the row right after the refresh has read it, before it is touched.
            original = reader.execute

            async def execute_then_logout(*args, **kwargs):
                result = await original(*args, **kwargs)
                if reader.execute is execute_then_logout:
                    reader.execute = original  # once
                    await other.execute(sa.delete(AuthSession).where(AuthSession.token_hash == hash_token(token)))
                    await other.commit()
                return result

            reader.execute = execute_then_logout
            result = await resolve_session(reader, settings, token, touch=True)
        await engine.dispose()
        return result

    assert anyio.run(race) is None
