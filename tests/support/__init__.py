"""Test support code shared by the test folders; no tests here.

- accounts: sign-up helpers (register, the code or reset link from the outbox, verify, agree).
- app: the web app's headers, a TestClient that sends them, the shared pipeline runner wrapper.
- database: test databases cloned from the migrated template.
- journal: write entries, wait until they are analysed.
- live: users and sign-in against the real server process (end-to-end tests).
- mail: a real SMTP server on loopback.
- openai_standin: an OpenAI-compatible stand-in server.
"""
