"""account waitlist and code states: the waitlist row belongs to the account; promo codes can be
deactivated; the audit log is looked up by who was affected

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # The row is the account's: its address follows the account's (an address changed before this
    # migration left the row under the old one), one row per account (the newest kept).
    op.execute("UPDATE waitlist_entries w SET email = u.email FROM users u WHERE w.user_id = u.id "
               "AND lower(w.email) <> lower(u.email)")
    op.execute("DELETE FROM waitlist_entries w USING waitlist_entries newer WHERE w.user_id = newer.user_id "
               "AND (w.updated_at, w.id) < (newer.updated_at, newer.id)")
    op.drop_index("uq_waitlist_entries_email_lower", table_name="waitlist_entries")
    op.drop_index(op.f("ix_waitlist_entries_user_id"), table_name="waitlist_entries")
    op.create_index(op.f("ix_waitlist_entries_user_id"), "waitlist_entries", ["user_id"], unique=True)

    op.add_column("promo_codes", sa.Column("deactivated_at", sa.DateTime(timezone=True), nullable=True))

    op.create_index(op.f("ix_admin_actions_target_id"), "admin_actions", ["target_id"], unique=False)
    # "1 uses" in the lines written when a one-use code was generated.
    op.execute("UPDATE admin_actions SET detail = regexp_replace(detail, ', 1 uses$', ', 1 use') "
               "WHERE action = 'generate_promo_code' AND detail LIKE '%, 1 uses'")


def downgrade() -> None:
    op.drop_index(op.f("ix_admin_actions_target_id"), table_name="admin_actions")
    op.drop_column("promo_codes", "deactivated_at")
    op.drop_index(op.f("ix_waitlist_entries_user_id"), table_name="waitlist_entries")
    op.create_index(op.f("ix_waitlist_entries_user_id"), "waitlist_entries", ["user_id"], unique=False)
    op.create_index("uq_waitlist_entries_email_lower", "waitlist_entries", [sa.text("lower(email)")], unique=True)
