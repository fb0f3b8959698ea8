"""The four Prefect flows of the analysis core (one module each). Their names and what the runners
need to know of each live in `pipelines/catalog.py`, which imports none of them; they are said
again here, where the API (`pipelines.public`) and the tests look for them.
"""

from __future__ import annotations

from pipelines.catalog import FLOWS, Flow, FlowSpec, load_flow, spec_of

__all__ = ["FLOWS", "Flow", "FlowSpec", "load_flow", "spec_of"]
