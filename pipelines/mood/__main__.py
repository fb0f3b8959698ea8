"""`python -m pipelines.mood train | evaluate`: see `pipelines.mood.main`."""

import sys

from pipelines.mood import main

sys.exit(main())
