"""The web app's initial JavaScript: what the browser downloads before the first screen (the entry
script and every chunk index.html preloads), gzipped. Measured on the built app (web/dist) by
web/scripts/initial-js-size.mjs; the baseline beside it is the lazily loaded rest."""

from __future__ import annotations

import json
import subprocess

from tests.e2e.server import REPO


def run() -> dict[str, float]:
    if not (REPO / "web" / "dist" / "index.html").exists():
        raise SystemExit("web/dist is not built: run `npm run build` (make bench does)")
    out = subprocess.run(["node", "web/scripts/initial-js-size.mjs", "--json"], cwd=REPO, check=True,
                         capture_output=True, text=True).stdout
    sizes = json.loads(out)
    print(f"\n{'file':<44} {'bytes':>10} {'gzipped':>10}")
    for row in sizes["files"]:
        print(f"{row['file']:<44} {row['bytes']:>10,} {row['gzipBytes']:>10,}")
    initial, lazy = sizes["initialJsGzipBytes"], sizes["lazyJsGzipBytes"]
    print(f"initial JavaScript {initial / 1000:.1f} kB gzipped ({sizes['initialJsBytes'] / 1000:.1f} kB raw); "
          f"loaded later, on the screens that need it: {lazy / 1000:.1f} kB gzipped in {len(sizes['lazyFiles'])} chunks; "
          f"initial share {initial / (initial + lazy):.0%}")
    return {"web_initial_js_kb": initial / 1000}
