"""`python -m pipelines <step> --input FILE.jsonl [--output FILE.jsonl]`: see `pipelines.cli`."""

import sys

from pipelines.cli import main

if __name__ == "__main__":
    sys.exit(main())
