import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { buildServer, ensureServerBuilt, SERVER_MAIN } from '../../scripts/buildServer.mjs';

const checkouts: string[] = [];
afterAll(() => checkouts.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

/** A throwaway checkout (removed after the file): a few modules of server/ and src/ and a translations folder. */
function checkoutWith(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-built-server-'));
  checkouts.push(root);
  for (const [file, contents] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), contents);
  }
  return root;
}

/** Runs `script` with plain Node (no tsx, no jest transform) in `cwd` and returns what it printed. */
const plainNode = (cwd: string, script: string) =>
  execFileSync(process.execPath, ['-e', script], { cwd, encoding: 'utf8' }).trim();

describe('the built server (dist-server/, ADR 091)', () => {
  it('transpiles every module of server/ and src/ into one CommonJS file each, which plain Node runs', async () => {
    const root = checkoutWith({
      'server/main.ts': [
        "import { greeting } from '../src/contract/greeting';",
        "import type { Unused } from './types';",
        "import en from '../translations/en.json';",
        'const typed: string = greeting(en.name);',
        "export const later = async () => (await import('./lazy')).value;",
        'export default typed;',
      ].join('\n'),
      'server/types.ts': 'export interface Unused { a: number }',
      'server/lazy.ts': 'export const value: number = 42;',
      'src/contract/greeting.ts': 'export const greeting = (name: string): string => `Grüezi ${name}`;',
      'src/contract/shapes.d.ts': 'declare const shape: string;',
      'translations/en.json': '{ "name": "Zug" }',
    });
    const first = await buildServer({ root });
    expect(first).toMatchObject({ modules: 4, written: 4 });
    expect(fs.existsSync(path.join(root, 'dist-server/src/contract/shapes.d.js'))).toBe(false);
    expect(
      plainNode(
        root,
        "const m = require('./dist-server/server/main.js'); m.later().then((v) => console.log(m.default, v))",
      ),
    ).toBe('Grüezi Zug 42');
  });

  it('rewrites only the modules that changed and removes those whose source is gone', async () => {
    const root = checkoutWith({
      'server/a.ts': 'export const a = 1;',
      'server/b.ts': 'export const b = 2;',
      'src/c.ts': 'export const c = 3;',
    });
    await buildServer({ root });
    const unchanged = path.join(root, 'dist-server/server/b.js');
    const writtenAt = fs.statSync(unchanged).mtimeMs;
    fs.writeFileSync(path.join(root, 'server/a.ts'), 'export const a = 10;');
    fs.rmSync(path.join(root, 'src/c.ts'));

    expect(await buildServer({ root })).toMatchObject({ modules: 2, written: 1 });
    expect(fs.statSync(unchanged).mtimeMs).toBe(writtenAt);
    expect(plainNode(root, "console.log(require('./dist-server/server/a.js').a)")).toBe('10');
    expect(fs.existsSync(path.join(root, 'dist-server/src/c.js'))).toBe(false);
  });

  it("runs its worker threads from the built entries, without tsx's require hook", async () => {
    await ensureServerBuilt();
    const report = plainNode(
      process.cwd(),
      [
        "const entries = require('./dist-server/server/threads/workerThreadEntries.js');",
        "const entry = entries.workerEntryFile('searchWorker');",
        'console.log(JSON.stringify({ entry, exists: require("fs").existsSync(entry),',
        '  data: entries.workerEntryData(entry), threads: entries.canLoadWorkerEntries() }));',
      ].join('\n'),
    );
    const { entry, exists, data, threads } = JSON.parse(report) as {
      entry: string;
      exists: boolean;
      data: { tsxApi: string | null };
      threads: boolean;
    };
    expect(entry).toBe(path.resolve('dist-server/server/workers/searchWorker.js'));
    expect(exists).toBe(true);
    expect(data.tsxApi).toBeNull();
    expect(threads).toBe(true);
    expect(fs.existsSync(SERVER_MAIN)).toBe(true);
  });

  it('keeps TypeScript entries and their tsx hook when the server runs from source', async () => {
    const { workerEntryData, workerEntryFile, canLoadWorkerEntries } =
      await import('../../server/threads/workerThreadEntries');
    const entry = workerEntryFile('tileRenderWorker');
    expect(entry).toBe(path.resolve('server/workers/tileRenderWorker.ts'));
    expect(workerEntryData(entry).tsxApi).toBe(require.resolve('tsx/cjs/api'));
    // Jest's transform does not reach worker threads: apps built in a test work in-process.
    expect(canLoadWorkerEntries()).toBe(false);
  });
});
