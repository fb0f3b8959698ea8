"""Test support code shared by the test folders; no tests here. A helper two test files need lives
here (or in a conftest fixture), never in a test module another imports (tests/test_layout.py).

- accounts: sign-up helpers (register, the code or reset link from the outbox, verify, agree).
- app: the web app's headers, a TestClient that sends them, the shared pipeline runner wrapped to
  hold the analyses an app asks for (HeldRunner) or to wait for them (TrackingRunner).
- database: test databases cloned from the migrated template; SQL on one; the premium plan.
- dates: days relative to today, in ISO and in the app's MM/DD/YYYY.
- images: small real PNGs to upload.
- imports: the import fixtures and the archives built from them.
- journal: write entries, wait until they are analysed, read tasks, chat answers, the story.
- live: users and sign-in against the real server process (end-to-end tests).
- mail: a real SMTP server on loopback.
- openai_standin: an OpenAI-compatible stand-in server.
- patterns: journals that make patterns, and waiting for them.
- chat_eval, search_eval, long_journal, tour_journal, pdf, prefect_server, redis_server: the
  evaluation sets, journals, PDF text and servers some tests share.
"""
