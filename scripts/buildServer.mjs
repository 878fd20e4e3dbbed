// The server as plain JavaScript: every TypeScript module of server/ and src/ transpiled on its own by esbuild
// into dist-server/, the same tree, so that `npm start` and the tests' servers run Node without tsx's loader
// (ADR 091). Only the types go: no bundling, every module keeps its file, its __dirname and its imports.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

export const SERVER_BUILD_DIR = 'dist-server';
/** The server's entry in the build, relative to the repository root (the working directory it runs from). */
export const SERVER_MAIN = path.join(SERVER_BUILD_DIR, 'server', 'main.js');
/** Where the server's modules come from: server/, and src/ for the contract and the few app modules it shares. */
const SOURCE_ROOTS = ['server', 'src'];
/** Read by the modules through `__dirname` and JSON imports: the build links to the checkout's. */
const LINKED_DIRECTORIES = ['translations'];

function typeScriptModules(directory) {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return typeScriptModules(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

/** Writes `contents` at `file` unless it holds them already: under a temporary name, then renamed, so that a
 * server starting beside a build never reads a half-written module. */
function writeIfChanged(file, contents) {
  if (fs.existsSync(file) && Buffer.compare(fs.readFileSync(file), contents) === 0) return false;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, contents);
  fs.renameSync(partial, file);
  return true;
}

/** Removes the built modules whose source is gone (a renamed or deleted file). */
function removeStale(directory, kept) {
  if (!fs.existsSync(directory)) return;
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) removeStale(file, kept);
    else if (!kept.has(path.resolve(file))) fs.rmSync(file, { force: true });
  }
}

/**
 * Transpiles the server's modules into dist-server/ (about a second for ~700 files), rewriting only the files
 * that changed. CommonJS, as tsx runs them (package.json has no "type"); `import()` becomes `require`, as under
 * tsx's require hook, since Node's own `import()` of a CommonJS file needs its extension.
 */
export async function buildServer({ root = process.cwd() } = {}) {
  const started = Date.now();
  const outdir = path.join(root, SERVER_BUILD_DIR);
  const entryPoints = SOURCE_ROOTS.flatMap((source) => typeScriptModules(path.join(root, source)));
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints,
    outdir,
    outbase: root,
    bundle: false,
    write: false,
    format: 'cjs',
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    supported: { 'dynamic-import': false },
    logLevel: 'warning',
  });
  let written = 0;
  for (const output of result.outputFiles) if (writeIfChanged(output.path, output.contents)) written += 1;
  const kept = new Set(result.outputFiles.map((output) => path.resolve(output.path)));
  for (const source of SOURCE_ROOTS) removeStale(path.join(outdir, source), kept);
  for (const name of LINKED_DIRECTORIES) {
    const link = path.join(outdir, name);
    if (!fs.lstatSync(link, { throwIfNoEntry: false })) fs.symlinkSync(path.join('..', name), link);
  }
  return { modules: entryPoints.length, written, seconds: (Date.now() - started) / 1000 };
}

/** Set once this process (and so the processes it starts, jest's workers too) has built the server. */
const SERVER_BUILT_ENV = 'PARCEL_ATLAS_SERVER_BUILT';

/**
 * Builds the server once per process tree: the tests' global set-ups build it before their workers start, and a
 * benchmark or a test file run on its own builds it when it first starts a server.
 */
export async function ensureServerBuilt() {
  if (process.env[SERVER_BUILT_ENV]) return;
  await buildServer();
  process.env[SERVER_BUILT_ENV] = '1';
}

// A `.then` rather than a top-level await: the tests load this module through jest's CommonJS transform.
if (import.meta.url === `file://${process.argv[1]}`)
  buildServer().then(({ modules, written, seconds }) =>
    console.log(
      `Server built into ${SERVER_BUILD_DIR}/: ${modules} modules, ${written} changed, ${seconds} s`,
    ),
  );
