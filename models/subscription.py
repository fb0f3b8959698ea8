"""Premium without payments: promo codes admins generate, who redeemed them, the early-adopter
waitlist, and the log of what admins did (spec part 2 sections 3 and 6; the spec README points
2 and 6)."""

from __future__ import annotations

import uuid
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from models.base import Base, utcnow


class PromoCode(Base):
    """An early-access code. It can be redeemed until `expires_at` (never when empty) by at most
    `max_uses` users, once each; each redemption grants `duration_days` of premium."""

    __tablename__ = "promo_codes"

    id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, primary_key=True, default=uuid.uuid4)
    code: Mapped[str] = mapped_column(sa.String(32), unique=True)  # stored in capitals
    influencer_name: Mapped[str] = mapped_column(sa.String(100))
    duration_days: Mapped[int] = mapped_column()
    max_uses: Mapped[int] = mapped_column()
    current_uses: Mapped[int] = mapped_column(default=0)
    expires_at: Mapped[datetime | None] = mapped_column(sa.DateTime(timezone=True))
    # Set when an admin deactivated it: it is refused from then on (until reactivated).
    deactivated_at: Mapped[datetime | None] = mapped_column(sa.DateTime(timezone=True))
    # The admin who generated it; the code outlives that admin's account.
    created_by_id: Mapped[uuid.UUID | None] = mapped_column(sa.ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)


class PromoRedemption(Base):
    """A user's use of a code: once per user and code; goes with the user."""

    __tablename__ = "promo_redemptions"

    id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, primary_key=True, default=uuid.uuid4)
    promo_code_id: Mapped[uuid.UUID] = mapped_column(sa.ForeignKey("promo_codes.id", ondelete="CASCADE"))
    user_id: Mapped[uuid.UUID] = mapped_column(sa.ForeignKey("users.id", ondelete="CASCADE"), index=True)
    redeemed_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)
    access_expires_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True))

    __table_args__ = (sa.UniqueConstraint("promo_code_id", "user_id", name="uq_promo_redemptions_code_user"),)


class WaitlistEntry(Base):
    """One row per account, subscribed or unsubscribed. The row belongs to the account, not to the
    address: `email` follows the account's address, and whoever later takes an address the account
    gave up never sees the row."""

    __tablename__ = "waitlist_entries"

    id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, primary_key=True, default=uuid.uuid4)
    user_id: Mapped[uuid.UUID | None] = mapped_column(sa.ForeignKey("users.id", ondelete="CASCADE"), index=True,
                                                      unique=True)
    name: Mapped[str | None] = mapped_column(sa.String(200))
    email: Mapped[str] = mapped_column(sa.String(320))
    message: Mapped[str] = mapped_column(sa.Text)
    interested_features: Mapped[list[str]] = mapped_column(JSONB, default=list)
    is_subscribed: Mapped[bool] = mapped_column(default=True)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow, onupdate=utcnow)


class AdminAction(Base):
    """The audit log: who (an admin's id), did what, to what, when. Beside the ids it keeps the
    usernames the admin and the affected user had at the time, so a line still says who it was
    about after that account is deleted; never an e-mail address or anything else of theirs."""

    __tablename__ = "admin_actions"

    id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, primary_key=True, default=uuid.uuid4)
    admin_id: Mapped[uuid.UUID] = mapped_column(sa.Uuid)  # no foreign key: the log outlives accounts
    action: Mapped[str] = mapped_column(sa.String(40))
    target_type: Mapped[str] = mapped_column(sa.String(20))
    target_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid, index=True)
    detail: Mapped[str | None] = mapped_column(sa.String(300))
    admin_name: Mapped[str | None] = mapped_column(sa.String(64))
    target_name: Mapped[str | None] = mapped_column(sa.String(64))
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow, index=True)
