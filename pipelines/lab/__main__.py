"""`python -m pipelines.lab <command>`: train, tune and measure the analysis core."""

from pipelines.lab.cli import main

raise SystemExit(main())
