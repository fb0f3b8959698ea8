"""journal_home: the journal home (issue 15)

An entry's timestamp always names the entry's date (the list shows the timestamp's day before the
date). Entries whose date was edited before this rule kept their old timestamp: each such timestamp
is moved to the entry's date at its time (HH:MM, else noon), read as UTC. A timestamp that lies in
the entry's day in some time zone (UTC-12 to UTC+14) is left as it is. No schema change.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa  # noqa: F401
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("""
        UPDATE journal_entries
        SET timestamp = LEAST(2147483647, EXTRACT(EPOCH FROM (
            entry_date + COALESCE(NULLIF(entry_time, '')::time, TIME '12:00')) AT TIME ZONE 'UTC')::bigint)
        WHERE timestamp IS NOT NULL
          AND (to_timestamp(timestamp) < (entry_date::timestamp AT TIME ZONE 'UTC') - INTERVAL '14 hours'
               OR to_timestamp(timestamp) >= (entry_date::timestamp AT TIME ZONE 'UTC') + INTERVAL '36 hours')
    """)


def downgrade() -> None:
    pass  # the timestamps it corrected cannot be told apart from the others
