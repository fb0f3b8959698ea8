// node --test web/scripts/initial-js-size.test.mjs
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const SCRIPT = fileURLToPath(new URL("./initial-js-size.mjs", import.meta.url));

function fakeBuild({ manifest }) {
  const dist = mkdtempSync(join(tmpdir(), "initial-js-size-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(
    join(dist, "index.html"),
    `<html><head><script type="module" crossorigin src="/assets/index-A.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-B.js"></head><body></body></html>`,
  );
  writeFileSync(
    join(dist, "assets", "index-A.js"),
    `import{a as x}from"./vendor-B.js";import"./shared-C.js";const p=()=>import("./page-D.js");x(p);`,
  );
  writeFileSync(join(dist, "assets", "vendor-B.js"), `export const a=f=>f();`.repeat(20));
  writeFileSync(join(dist, "assets", "shared-C.js"), `console.log("shared");`);
  writeFileSync(join(dist, "assets", "page-D.js"), `import"./shared-C.js";export default 1;`);
  if (manifest) {
    mkdirSync(join(dist, ".vite"));
    writeFileSync(
      join(dist, ".vite", "manifest.json"),
      JSON.stringify({
        "index.html": { file: "assets/index-A.js", isEntry: true, imports: ["_vendor", "_shared"], dynamicImports: ["src/page.tsx"] },
        _vendor: { file: "assets/vendor-B.js" },
        _shared: { file: "assets/shared-C.js" },
        "src/page.tsx": { file: "assets/page-D.js", isDynamicEntry: true, imports: ["_shared"] },
      }),
    );
  }
  return dist;
}

for (const manifest of [true, false]) {
  test(`counts the entry, its preloads and static imports, not dynamic ones (manifest: ${manifest})`, () => {
    const dist = fakeBuild({ manifest });
    try {
      const result = JSON.parse(execFileSync(process.execPath, [SCRIPT, "--json", "--dist", dist], { encoding: "utf8" }));
      assert.deepEqual(result.files.map((f) => f.file).sort(), ["assets/index-A.js", "assets/shared-C.js", "assets/vendor-B.js"]);
      assert.deepEqual(result.lazyFiles.map((f) => f.file), ["assets/page-D.js"]);
      const sum = result.files.reduce((total, f) => total + f.gzipBytes, 0);
      assert.equal(result.initialJsGzipBytes, sum);
      const page = Buffer.from(`import"./shared-C.js";export default 1;`);
      assert.equal(result.lazyJsGzipBytes, gzipSync(page, { level: 9 }).length);
      assert.equal(result.usedManifest, manifest);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
}

test("fails the budget with exit status 1, and a missing build with 2", () => {
  const dist = fakeBuild({ manifest: true });
  try {
    assert.throws(() => execFileSync(process.execPath, [SCRIPT, "--dist", dist, "--budget", "0.001"]), { status: 1 });
    execFileSync(process.execPath, [SCRIPT, "--dist", dist, "--budget", "1000"]);
    assert.throws(() => execFileSync(process.execPath, [SCRIPT, "--dist", join(dist, "nope")], { stdio: "pipe" }), { status: 2 });
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});
