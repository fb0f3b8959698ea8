"""patterns: patterns and insights (issue 12)

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "patterns",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("keywords", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("entry_ids", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("dismissed", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_patterns_user_id_users"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_patterns")),
    )
    op.create_index(op.f("ix_patterns_user_id"), "patterns", ["user_id"], unique=False)
    op.create_table(
        "pattern_runs",
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("analysed_entries", sa.Integer(), nullable=False),
        sa.Column("requested_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("error", sa.String(length=500), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_pattern_runs_user_id_users"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_pattern_runs")),
    )
    op.add_column("insights", sa.Column("origin", sa.String(length=16), server_default="user", nullable=False))
    op.add_column("insights", sa.Column("source_entry_ids", postgresql.JSONB(astext_type=sa.Text()),
                                        server_default="[]", nullable=False))
    # Pattern ids that point at no pattern (the column had no constraint) are cleared first.
    op.execute("UPDATE insights SET pattern_id = NULL WHERE pattern_id IS NOT NULL")
    op.create_index(op.f("ix_insights_pattern_id"), "insights", ["pattern_id"], unique=False)
    op.create_foreign_key(op.f("fk_insights_pattern_id_patterns"), "insights", "patterns", ["pattern_id"], ["id"],
                          ondelete="SET NULL")


def downgrade() -> None:
    op.drop_constraint(op.f("fk_insights_pattern_id_patterns"), "insights", type_="foreignkey")
    op.drop_index(op.f("ix_insights_pattern_id"), table_name="insights")
    op.drop_column("insights", "source_entry_ids")
    op.drop_column("insights", "origin")
    op.drop_table("pattern_runs")
    op.drop_index(op.f("ix_patterns_user_id"), table_name="patterns")
    op.drop_table("patterns")
