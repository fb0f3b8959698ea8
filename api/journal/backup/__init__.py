"""An account's backup: Reverie's own export (`export`: the whole account as one JSON document;
`archive`: the same in a .zip with the photos and a Markdown note per entry), GET /api/export
(`controllers`, `services`), and bringing it back into an account through the journal import
(`restore`)."""
