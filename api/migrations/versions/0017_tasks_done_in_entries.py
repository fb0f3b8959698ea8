"""tasks done in entries: a later entry that reads as saying a task is done, for the user to confirm (issue 16)

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tasks", sa.Column("done_hint", sa.Text(), nullable=True))
    op.add_column("tasks", sa.Column("done_hint_entry_id", sa.Uuid(), nullable=True))
    op.create_foreign_key("fk_tasks_done_hint_entry_id_journal_entries", "tasks", "journal_entries",
                          ["done_hint_entry_id"], ["id"], ondelete="SET NULL")


def downgrade() -> None:
    op.drop_constraint("fk_tasks_done_hint_entry_id_journal_entries", "tasks", type_="foreignkey")
    op.drop_column("tasks", "done_hint_entry_id")
    op.drop_column("tasks", "done_hint")
