"""Photos on journal entries: upload (verified, re-encoded, metadata stripped), list, serve, delete."""
