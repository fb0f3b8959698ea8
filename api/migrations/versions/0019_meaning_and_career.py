"""meaning and career: Meaning & Purpose and Career Vision & Growth on the personal story

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


# Empty until the story is next regenerated (pipelines/purpose.py fills them).
def upgrade() -> None:
    op.add_column("profiles", sa.Column("meaning", postgresql.JSONB(astext_type=sa.Text()), nullable=True))
    op.add_column("profiles", sa.Column("career", postgresql.JSONB(astext_type=sa.Text()), nullable=True))


def downgrade() -> None:
    op.drop_column("profiles", "career")
    op.drop_column("profiles", "meaning")
