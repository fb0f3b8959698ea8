#!/usr/bin/env node
/**
 * How much JavaScript the browser must download before the web app's first screen renders.
 *
 * Reads the built `web/dist/index.html`, takes its entry `<script type="module" src>` and every
 * `<link rel="modulepreload" href>`, and follows the static imports of those chunks (from Vite's
 * `dist/.vite/manifest.json` when it exists, which is exact; the `import ... from "./x.js"`
 * statements at the top of each chunk otherwise). Dynamic `import()` targets are not followed:
 * they load later, on demand. Every other `.js` file under `dist/` counts as lazy.
 *
 * Sizes are gzipped with node:zlib at level 9 (`gzip -9`, close to what a server or CDN sends).
 *
 * Usage: node web/scripts/initial-js-size.mjs [--json] [--dist <dir>] [--budget <gzip KB>]
 *   --json          print {"initialJsGzipBytes", "files", "lazyJsGzipBytes", ...} only
 *   --dist <dir>    the built app (default: web/dist next to this script)
 *   --budget <KB>   exit 1 when the initial JS is more than <KB> KB (1 KB = 1000 bytes) gzipped
 * Exit status 2 when the build is missing or unreadable.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, posix, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { constants, gzipSync } from "node:zlib";

const GZIP_LEVEL = constants.Z_BEST_COMPRESSION; // 9

function parseArgs(argv) {
  const args = { json: false, dist: resolve(dirname(fileURLToPath(import.meta.url)), "..", "dist"), budget: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--json") args.json = true;
    else if (arg === "--dist") args.dist = resolve(argv[++i] ?? "");
    else if (arg === "--budget") args.budget = Number(argv[++i]);
    else if (arg === "-h" || arg === "--help") {
      console.log("usage: initial-js-size.mjs [--json] [--dist <dir>] [--budget <gzip KB>]");
      process.exit(0);
    } else {
      console.error(`unknown argument: ${arg}`);
      process.exit(2);
    }
  }
  if (args.budget !== null && !(args.budget > 0)) {
    console.error("--budget needs a positive number of KB");
    process.exit(2);
  }
  return args;
}

/** The attributes of every `<tag ...>` in `html`, as lowercase-keyed objects. */
function tags(html, tag) {
  const found = [];
  for (const match of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "gi"))) {
    const attrs = {};
    for (const a of match[1].matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attrs[a[1].toLowerCase()] = a[2] ?? a[3] ?? a[4] ?? "";
    }
    found.push(attrs);
  }
  return found;
}

/** A URL from index.html as a path relative to dist, or null when it is not a file of ours. */
function distPath(url) {
  if (!url || /^(?:[a-z]+:)?\/\//i.test(url) || url.startsWith("data:")) return null;
  const path = url.split(/[?#]/)[0];
  return posix.normalize(path.replace(/^\/+/, "").replace(/^\.\//, ""));
}

/** Static imports at the top of a minified ES module chunk, relative to dist. */
function staticImportsOf(file, code) {
  const imports = [];
  // Only `import ... from "x"` / `import "x"` statements; `import("x")` is dynamic and skipped.
  for (const m of code.matchAll(/(?:^|[;}\n])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g)) {
    const spec = m[1];
    if (!spec.startsWith(".") && !spec.startsWith("/")) continue;
    imports.push(spec.startsWith("/") ? distPath(spec) : posix.normalize(posix.join(posix.dirname(file), spec)));
  }
  return imports;
}

function listJs(dir, root = dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listJs(full, root));
    else if (/\.m?js$/.test(name)) out.push(relative(root, full).split(sep).join("/"));
  }
  return out;
}

function measure(dist) {
  const indexPath = join(dist, "index.html");
  if (!existsSync(indexPath)) throw new Error(`${indexPath} is missing: run \`npm run build\` first`);
  const html = readFileSync(indexPath, "utf8");

  const entries = tags(html, "script")
    .filter((a) => a.type === "module" && a.src)
    .map((a) => distPath(a.src))
    .filter(Boolean);
  if (entries.length === 0) throw new Error(`${indexPath} has no <script type="module" src=...>`);
  const preloads = tags(html, "link")
    .filter((a) => (a.rel ?? "").toLowerCase().split(/\s+/).includes("modulepreload") && a.href)
    .map((a) => distPath(a.href))
    .filter(Boolean);

  // Vite's manifest: chunk file -> the files it imports statically.
  const manifestPath = join(dist, ".vite", "manifest.json");
  let manifestImports = null;
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    manifestImports = new Map();
    for (const chunk of Object.values(manifest)) {
      manifestImports.set(chunk.file, (chunk.imports ?? []).map((key) => manifest[key]?.file).filter(Boolean));
    }
  }

  const reasons = new Map(); // file -> why it is initial
  const queue = [];
  const add = (file, reason) => {
    if (!reasons.has(file)) {
      reasons.set(file, reason);
      queue.push(file);
    }
  };
  entries.forEach((f) => add(f, "entry"));
  preloads.forEach((f) => add(f, "modulepreload"));
  while (queue.length > 0) {
    const file = queue.shift();
    const full = join(dist, file);
    if (!existsSync(full)) throw new Error(`index.html references ${file}, which is not in ${dist}`);
    const imports = manifestImports?.get(file) ?? staticImportsOf(file, readFileSync(full, "utf8"));
    imports.forEach((f) => add(f, "static import"));
  }

  const sizeOf = (file) => {
    const content = readFileSync(join(dist, file));
    return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: GZIP_LEVEL }).length };
  };
  const files = [...reasons.keys()].map((file) => ({ ...sizeOf(file), reason: reasons.get(file) }));
  const lazyFiles = listJs(dist)
    .filter((f) => !reasons.has(f))
    .sort()
    .map(sizeOf);
  const sum = (list, key) => list.reduce((total, f) => total + f[key], 0);

  return {
    initialJsGzipBytes: sum(files, "gzipBytes"),
    initialJsBytes: sum(files, "bytes"),
    files,
    lazyJsGzipBytes: sum(lazyFiles, "gzipBytes"),
    lazyJsBytes: sum(lazyFiles, "bytes"),
    lazyFiles,
    gzipLevel: GZIP_LEVEL,
    usedManifest: manifestImports !== null,
  };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;

function printTable(result, budget) {
  const width = Math.max(...[...result.files, ...result.lazyFiles].map((f) => f.file.length), 10);
  const row = (f, note = "") =>
    `  ${f.file.padEnd(width)}  ${kb(f.bytes).padStart(10)}  ${kb(f.gzipBytes).padStart(10)}  ${note}`;
  console.log(`Initial JS (gzip -${result.gzipLevel}; static imports from ${result.usedManifest ? "the Vite manifest" : "the chunks"}):`);
  console.log(`  ${"file".padEnd(width)}  ${"raw".padStart(10)}  ${"gzip".padStart(10)}`);
  result.files.forEach((f) => console.log(row(f, f.reason)));
  console.log(`  ${"TOTAL initial".padEnd(width)}  ${kb(result.initialJsBytes).padStart(10)}  ${kb(result.initialJsGzipBytes).padStart(10)}`);
  console.log(`\nLazy JS (loaded on demand): ${result.lazyFiles.length} files`);
  result.lazyFiles.forEach((f) => console.log(row(f)));
  console.log(`  ${"TOTAL lazy".padEnd(width)}  ${kb(result.lazyJsBytes).padStart(10)}  ${kb(result.lazyJsGzipBytes).padStart(10)}`);
  if (budget !== null) {
    const ok = result.initialJsGzipBytes <= budget * 1000;
    console.log(`\nBudget ${budget} kB gzipped: ${ok ? "OK" : "OVER"} (${kb(result.initialJsGzipBytes)})`);
  }
}

const args = parseArgs(process.argv.slice(2));
let result;
try {
  result = measure(args.dist);
} catch (error) {
  console.error(`initial-js-size: ${error.message}`);
  process.exit(2);
}
if (args.json) console.log(JSON.stringify(result));
else printTable(result, args.budget);
if (args.budget !== null && result.initialJsGzipBytes > args.budget * 1000) process.exit(1);
