"""Passwords (argon2id) and the opaque secrets we hand out: session tokens, reset tokens and
verification codes. Only hashes of them are stored."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

# OWASP's argon2id baseline: 19 MiB of memory, 2 iterations, 1 lane.
ARGON2_MEMORY_KIB = 19 * 1024
ARGON2_TIME_COST = 2
ARGON2_PARALLELISM = 1
_hasher = PasswordHasher(
    time_cost=ARGON2_TIME_COST, memory_cost=ARGON2_MEMORY_KIB, parallelism=ARGON2_PARALLELISM, type=Type.ID
)
# Verified against when the account does not exist, so both cases take the same time.
_DUMMY_HASH = _hasher.hash(secrets.token_urlsafe(16))

TOKEN_BYTES = 32  # 256 bits for session and reset tokens


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str | None, password: str) -> bool:
    try:
        return _hasher.verify(password_hash or _DUMMY_HASH, password) and password_hash is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str) -> bool:
    return _hasher.check_needs_rehash(password_hash)


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    """Tokens carry 256 random bits, so a plain SHA-256 is enough to keep them safe at rest."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_verification_code() -> str:
    return f"{secrets.randbelow(10**6):06d}"


def hash_code(secret_key: str, code: str) -> str:
    """Six digits are guessable offline from a plain hash; keyed with SECRET_KEY they are not."""
    return hmac.new(secret_key.encode(), code.encode(), hashlib.sha256).hexdigest()


def same_hash(a: str, b: str) -> bool:
    return hmac.compare_digest(a, b)
