"""premium: subscription tier and promo access on users

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-20
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("users", sa.Column("subscription_tier", sa.String(length=16), server_default="free", nullable=False))
    op.add_column("users", sa.Column("promo_access", sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    op.drop_column("users", "promo_access")
    op.drop_column("users", "subscription_tier")
