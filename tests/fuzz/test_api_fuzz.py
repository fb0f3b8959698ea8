"""Property-based fuzzing of every API operation against the app's own OpenAPI schema.

Schemathesis generates valid and invalid requests for each operation from the schema the app
serves, sends them to the real app (in-process, over ASGI) as a signed-in user, and checks that
  - no request gets a 5xx (bad input must get a clear 4xx and change nothing), and
  - every response whose status code is documented matches its documented schema.

The bounded run is part of the normal suite (a few examples per operation, derandomized, so CI
sends the same requests every time). A deeper run is one environment variable away:

    FUZZ_EXAMPLES=200 .venv/bin/python -m pytest tests/fuzz -p no:cacheprovider

`FUZZ_EXAMPLES` is the number of generated examples per operation (default 5; above 20 the
coverage phase, boundary values of every schema keyword, runs too); `FUZZ_SEED` picks a seed
instead of the derandomized default. See conftest.py for the signed-in world and how logout,
account deletion and password reset are exercised without spoiling the rest of the run.
"""

from __future__ import annotations

import os

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from tests.fuzz.conftest import load_schema

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "5"))
SEED = int(os.environ.get("FUZZ_SEED", "0"))
CHECKS = [not_a_server_error, response_schema_conformance]

schema = schemathesis.openapi.from_dict(load_schema())
schema.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
schema.config.phases.update(phases=["examples", "fuzzing", "coverage"] if EXAMPLES > 20 else ["examples", "fuzzing"])
if SEED:
    schema.config.seed = SEED


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    derandomize=not SEED,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)
def test_api(case, fuzz_world):
    fuzz_world.run(case, CHECKS)
