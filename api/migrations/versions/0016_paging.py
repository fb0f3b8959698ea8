"""paging: cursor paging of long journals (issue 17)

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa  # noqa: F401
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


# The entry list's order and cursor: newest day first, then newest written, then id
# (GET /api/journal?before=...). Its leading columns serve the (user_id, entry_date) lookups the
# index it replaces served.
def upgrade() -> None:
    op.create_index("ix_journal_entries_user_page", "journal_entries",
                    ["user_id", "entry_date", "created_at", "id"], unique=False)
    op.drop_index("ix_journal_entries_user_date", table_name="journal_entries")
    # A page of entries reads only the insights drawn from its entries.
    op.create_index("ix_insights_entry_id", "insights", ["entry_id"], unique=False)
    op.create_index("ix_insights_source_entry_ids", "insights", ["source_entry_ids"], unique=False,
                    postgresql_using="gin")


def downgrade() -> None:
    op.drop_index("ix_insights_source_entry_ids", table_name="insights")
    op.drop_index("ix_insights_entry_id", table_name="insights")
    op.create_index("ix_journal_entries_user_date", "journal_entries", ["user_id", "entry_date"], unique=False)
    op.drop_index("ix_journal_entries_user_page", table_name="journal_entries")
