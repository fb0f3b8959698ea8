"""weekly_focus: tasks and weekly focus (issue 11)

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # The suggestions the weekly-focus pipeline made (served at once, or prepared by the schedule).
    op.create_table(
        "weekly_focus_suggestions",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("entry_id", sa.Uuid(), nullable=True),
        sa.Column("domain", sa.String(length=16), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("priority", sa.String(length=8), nullable=False),
        sa.Column("estimated_time", sa.String(length=64), nullable=False),
        sa.Column("relevance", sa.Text(), nullable=False),
        sa.Column("is_general", sa.Boolean(), nullable=False),
        sa.Column("provider", sa.String(length=32), nullable=False),
        sa.Column("origin", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("served_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["entry_id"], ["journal_entries.id"],
                                name=op.f("fk_weekly_focus_suggestions_entry_id_journal_entries"), ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_weekly_focus_suggestions_user_id_users"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_weekly_focus_suggestions")),
    )
    op.create_index(op.f("ix_weekly_focus_suggestions_entry_id"), "weekly_focus_suggestions", ["entry_id"])
    op.create_index("ix_weekly_focus_suggestions_user_domain", "weekly_focus_suggestions",
                    ["user_id", "domain", "created_at"])
    # One row per counted task generation: the free plan's weekly quota (api/subscription/usage.py).
    op.create_table(
        "task_generations",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("domain", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_task_generations_user_id_users"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_task_generations")),
    )
    op.create_index("ix_task_generations_user_created", "task_generations", ["user_id", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_task_generations_user_created", table_name="task_generations")
    op.drop_table("task_generations")
    op.drop_index("ix_weekly_focus_suggestions_user_domain", table_name="weekly_focus_suggestions")
    op.drop_index(op.f("ix_weekly_focus_suggestions_entry_id"), table_name="weekly_focus_suggestions")
    op.drop_table("weekly_focus_suggestions")
