"""The lab's command line.

    python -m pipelines.lab highlights train [--folds N] [--dry-run]
        choose the highlight pipeline's settings by leave one author out on dev, fit, save
    python -m pipelines.lab highlights finetune [--dry-run]
        fine-tune the clause model, choose its mix and threshold (authors in three folds), ship both
    python -m pipelines.lab mood train [--dry-run]
        choose the mood model's settings by leave one author out on dev, fit, save
    python -m pipelines.lab measure {test,fresh}
        the shipped highlight pipeline and mood model on a held-out set, written into the records
        (a reading of a held-out set: once, when tuning is done)
    python -m pipelines.lab cost
        CPU per entry of the shipped core (highlights, mood, the whole analysis), one thread
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence


def _progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pipelines.lab", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="model", required=True)
    highlights = sub.add_parser("highlights", help="the highlight pipeline")
    highlights.add_argument("action", choices=("train", "finetune"))
    highlights.add_argument("--folds", type=int, default=None,
                            help="deal dev's authors into this many groups instead of one author a fold (quicker)")
    highlights.add_argument("--dry-run", action="store_true", help="measure and print; write nothing")
    mood = sub.add_parser("mood", help="the mood model")
    mood.add_argument("action", choices=("train",))
    mood.add_argument("--dry-run", action="store_true", help="measure and print; write nothing")
    measure = sub.add_parser("measure", help="the shipped models on a held-out set (test or the fresh writers)")
    measure.add_argument("split", choices=("test", "fresh"))
    sub.add_parser("cost", help="CPU per entry of the shipped core")
    args = parser.parse_args(argv)
    if args.model == "highlights":
        if args.action == "finetune":
            from pipelines.lab import clause_model as lab
        else:
            from pipelines.lab import highlights as lab  # type: ignore[no-redef]
        record = (lab.train(save=not args.dry_run, progress=_progress) if args.action == "finetune"
                  else lab.train(folds=args.folds, save=not args.dry_run, progress=_progress))
        json.dump({k: record[k] for k in ("chosen", "cv_figures")}, sys.stdout, indent=1)
    elif args.model == "mood":
        from pipelines.lab import mood as lab_mood

        record = lab_mood.train(save=not args.dry_run, progress=_progress)
        json.dump({k: record[k] for k in ("chosen", "goemotions_sample")}, sys.stdout, indent=1)
    elif args.model == "measure":
        from pipelines.lab.measure import measure as measure_split

        json.dump(measure_split(args.split), sys.stdout, indent=1)
    else:
        from pipelines.lab.cost import cost

        json.dump(cost(), sys.stdout, indent=1)
    print()
    return 0
