"""journal imports: each file import's progress and answer; an entry's mood can be the writer's own

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "journal_imports",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("file_name", sa.String(length=255), nullable=True),
        sa.Column("size_bytes", sa.BigInteger(), nullable=False),
        sa.Column("done", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("result", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_journal_imports_user_id_users"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_journal_imports")),
    )
    op.create_index(op.f("ix_journal_imports_user_id"), "journal_imports", ["user_id"], unique=False)
    # Null for every existing entry: their moods are the analysis' readings.
    op.add_column("journal_entries", sa.Column("mood_source", sa.String(length=16), nullable=True))


def downgrade() -> None:
    op.drop_column("journal_entries", "mood_source")
    op.drop_index(op.f("ix_journal_imports_user_id"), table_name="journal_imports")
    op.drop_table("journal_imports")
