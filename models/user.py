from __future__ import annotations

import uuid
from datetime import date, datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from models.base import Base, utcnow


class User(Base):
    __tablename__ = "users"

    id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, primary_key=True, default=uuid.uuid4)
    username: Mapped[str] = mapped_column(sa.String(64))
    email: Mapped[str] = mapped_column(sa.String(320))
    password_hash: Mapped[str] = mapped_column(sa.String(255))
    is_verified: Mapped[bool] = mapped_column(default=False)
    agreed_to_terms: Mapped[bool] = mapped_column(default=False)
    terms_agreed_at: Mapped[datetime | None] = mapped_column(sa.DateTime(timezone=True))
    is_admin: Mapped[bool] = mapped_column(default=False)
    # Registration answers and profile settings (spec part 2, "User (settings)").
    journaling_experience: Mapped[str | None] = mapped_column(sa.String(32))
    journaling_status: Mapped[str | None] = mapped_column(sa.String(16))
    journaling_frequency: Mapped[str | None] = mapped_column(sa.String(32))
    full_name: Mapped[str | None] = mapped_column(sa.String(200))
    gender: Mapped[str | None] = mapped_column(sa.String(32))
    birth_date: Mapped[date | None] = mapped_column(sa.Date)
    dark_mode: Mapped[bool] = mapped_column(default=True)
    show_dark_mode_toggle: Mapped[bool] = mapped_column(default=True)
    # Premium comes from admins and promo codes for now (no payments yet; spec README point 6).
    subscription_tier: Mapped[str] = mapped_column(sa.String(16), default="free", server_default="free")
    # Promo access (spec part 1 section 6): `promo_source` says where it came from ('code' or
    # 'admin'; empty when there is none), `promo_expires_at` when it ends by itself (never when
    # empty), and `promo_access` whether the user has it switched on (the user's toggle).
    promo_access: Mapped[bool] = mapped_column(default=False, server_default=sa.false())
    promo_source: Mapped[str | None] = mapped_column(sa.String(16))
    promo_expires_at: Mapped[datetime | None] = mapped_column(sa.DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow, onupdate=utcnow)
    last_login_at: Mapped[datetime | None] = mapped_column(sa.DateTime(timezone=True))

    @property
    def has_promo(self) -> bool:
        """Promo access the user holds and that has not run out (switched on or not)."""
        return self.promo_source is not None and (self.promo_expires_at is None or self.promo_expires_at > utcnow())

    @property
    def is_premium(self) -> bool:
        return self.subscription_tier == "premium" or (self.promo_access and self.has_promo)

    __table_args__ = (
        # Unique case-insensitively: "Ana" and "ana" are the same account name.
        sa.Index("uq_users_username_lower", sa.func.lower(username), unique=True),
        sa.Index("uq_users_email_lower", sa.func.lower(email), unique=True),
    )
