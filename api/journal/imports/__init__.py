"""The import formats, one module per kind of file (`api.journal.importing` holds what they share):

- `text`: plain text and Markdown split at date lines; jrnl's own journal file and its txt and
  Markdown exports; Daygram's text export; one Obsidian (or any Markdown) note dated by its file
  name or front matter.
- `tabular`: CSV with a header row; Daylio's CSV export.
- `documents`: JSON: a list of {date, content}, a Day One export, jrnl's JSON export, Reverie's own.
- `archive`: .zip files: Day One's export with its photos, an Obsidian vault, Reverie's own.
- `detect`: which of these a file is, from its bytes and its name (`parse_import`: pasted text by its format).
- `worker`, `runner`: reading a file in a separate process with a CPU, memory and size budget.
- `writer`: writing what was read, all or nothing; `jobs`: the progress Settings shows.
- `report`: what a file carried that Reverie cannot keep, in words.
"""
