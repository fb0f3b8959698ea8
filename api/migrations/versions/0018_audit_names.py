"""audit names: the admin's and the affected user's usernames at the time of each admin action

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


# A line of the audit log keeps saying who it was about after that account is deleted. Earlier
# lines are filled from the accounts that still exist.
def upgrade() -> None:
    op.add_column("admin_actions", sa.Column("admin_name", sa.String(length=64), nullable=True))
    op.add_column("admin_actions", sa.Column("target_name", sa.String(length=64), nullable=True))
    op.execute("UPDATE admin_actions a SET admin_name = u.username FROM users u WHERE u.id = a.admin_id")
    op.execute("UPDATE admin_actions a SET target_name = u.username FROM users u "
               "WHERE a.target_type = 'user' AND u.id = a.target_id")


def downgrade() -> None:
    op.drop_column("admin_actions", "target_name")
    op.drop_column("admin_actions", "admin_name")
