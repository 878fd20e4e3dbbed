import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS helper jest's runtime loads
const { withCodeCache } = require('../helpers/v8CodeCache.cjs') as {
  withCodeCache: (
    compile: typeof vm.compileFunction,
    dir: string,
  ) => typeof vm.compileFunction & { stats: { compiled: number; fromDisk: number; fromMemory: number } };
};

/** A module body as jest hands it to compileFunction: big enough for V8 to keep a code cache of it. */
const MODULE = `
  const table = [];
  for (let i = 0; i < 50; i += 1) table.push(i * i);
  function area(width, depth) { return width * depth; }
  module.exports = { area, table, sum: table.reduce((a, b) => a + b, 0) };
`;
const PARAMS = ['module', 'exports'];

function run(compiled: ReturnType<typeof vm.compileFunction>): {
  area: (w: number, d: number) => number;
  sum: number;
} {
  const module = { exports: {} as { area: (w: number, d: number) => number; sum: number } };
  (compiled as (module: unknown, exports: unknown) => void)(module, module.exports);
  return module.exports;
}

let cacheDir: string;
beforeEach(() => {
  cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v8-code-cache-'));
});
afterEach(() => {
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

const cacheFiles = (): string[] =>
  fs
    .readdirSync(cacheDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

describe("V8's code cache for the modules jest compiles", () => {
  it('compiles a module from its source once and keeps its code cache on disk', () => {
    const compile = withCodeCache(vm.compileFunction, cacheDir);
    const exports = run(compile(MODULE, PARAMS, { filename: '/app/area.js' }));
    expect(exports.area(12, 30)).toBe(360);
    expect(exports.sum).toBe(40425);
    expect(compile.stats).toEqual({ compiled: 1, fromDisk: 0, fromMemory: 0 });
    expect(cacheFiles()).toHaveLength(1);
  });

  it('loads the same module from memory in the same worker and from disk in another, and it runs the same', () => {
    const first = withCodeCache(vm.compileFunction, cacheDir);
    first(MODULE, PARAMS, { filename: '/app/area.js' });
    const again = first(MODULE, PARAMS, { filename: '/app/area.js' });
    expect(again.cachedDataRejected).toBe(false);
    expect(run(again).area(3, 4)).toBe(12);
    expect(first.stats).toEqual({ compiled: 1, fromDisk: 0, fromMemory: 1 });

    const otherWorker = withCodeCache(vm.compileFunction, cacheDir);
    const fromDisk = otherWorker(MODULE, PARAMS, { filename: '/app/area.js' });
    expect(fromDisk.cachedDataRejected).toBe(false);
    expect(run(fromDisk).sum).toBe(40425);
    expect(otherWorker.stats).toEqual({ compiled: 0, fromDisk: 1, fromMemory: 0 });
  });

  it('compiles changed code under the same file name anew, never running the old code', () => {
    const compile = withCodeCache(vm.compileFunction, cacheDir);
    compile(MODULE, PARAMS, { filename: '/app/area.js' });
    const changed = compile(MODULE.replace('width * depth', 'width * depth * 2'), PARAMS, {
      filename: '/app/area.js',
    });
    expect(run(changed).area(3, 4)).toBe(24);
    expect(compile.stats.compiled).toBe(2);
    expect(cacheFiles()).toHaveLength(2);
  });

  it('compiles from the source when a cache file does not fit (V8 rejects it), and replaces the file', () => {
    withCodeCache(vm.compileFunction, cacheDir)(MODULE, PARAMS, { filename: '/app/area.js' });
    const [file] = fs
      .readdirSync(cacheDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile());
    const cacheFile = path.join(file.parentPath, file.name);
    fs.writeFileSync(cacheFile, Buffer.alloc(64, 7));

    const compile = withCodeCache(vm.compileFunction, cacheDir);
    expect(run(compile(MODULE, PARAMS, { filename: '/app/area.js' })).area(5, 6)).toBe(30);
    expect(compile.stats).toEqual({ compiled: 1, fromDisk: 0, fromMemory: 0 });
    expect(fs.readFileSync(cacheFile).equals(Buffer.alloc(64, 7))).toBe(false);
  });
});
