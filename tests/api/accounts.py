"""Moved to tests/support/accounts.py. Only tests/pipelines/test_analysis.py still imports it from
here (that folder is being reworked separately); delete this file once it imports tests.support."""

from tests.support.accounts import PASSWORD, last_code, last_reset_link, outbox_messages, register, signed_up

__all__ = ["PASSWORD", "last_code", "last_reset_link", "outbox_messages", "register", "signed_up"]
