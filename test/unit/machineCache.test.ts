import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  addonsThatWork,
  checkCacheFile,
  keepBuilds,
  machineCacheDirectory,
} from '../../scripts/machineCache.mjs';

const BINARY = path.join('node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
const ADDONS = ['argon2', 'better-sqlite3'];

/**
 * A checkout as `npm install --ignore-scripts` leaves it: better-sqlite3's JavaScript and the package that finds
 * its binary, but no binary (and none of the C sources, which a restored build does not need); with argon2 and
 * the binaries its package ships, if asked.
 */
function unbuiltCheckout(withArgon2 = false): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'machine-cache-checkout-'));
  const argon2 = ['argon2', '@phc/format', 'node-gyp-build'];
  for (const name of ['better-sqlite3', 'bindings', 'file-uri-to-path', ...(withArgon2 ? argon2 : [])]) {
    fs.cpSync(path.join('node_modules', name), path.join(root, 'node_modules', name), {
      recursive: true,
      filter: (source) => !/[\\/]better-sqlite3[\\/](build|deps|src)$/.test(source),
    });
  }
  return root;
}

/** The same checkout after better-sqlite3's install script compiled it (here: this checkout's build). */
function builtCheckout(): string {
  const root = unbuiltCheckout();
  fs.mkdirSync(path.dirname(path.join(root, BINARY)), { recursive: true });
  fs.copyFileSync(BINARY, path.join(root, BINARY));
  return root;
}

const keptBuilds = () =>
  fs.existsSync(machineCacheDirectory('native-addons'))
    ? fs.readdirSync(machineCacheDirectory('native-addons'))
    : [];

describe("npm test's kept native builds (scripts/machineCache.mjs)", () => {
  const cacheHomeBefore = process.env.XDG_CACHE_HOME;
  const made: string[] = [];
  const track = (root: string) => (made.push(root), root);

  beforeEach(() => {
    process.env.XDG_CACHE_HOME = track(fs.mkdtempSync(path.join(os.tmpdir(), 'machine-cache-home-')));
  });
  afterEach(() => {
    process.env.XDG_CACHE_HOME = cacheHomeBefore;
    for (const root of made.splice(0)) fs.rmSync(root, { recursive: true, force: true });
  });

  it('keeps a build named by version, Node ABI, platform and architecture, and a clean checkout opens SQLite with it', () => {
    keepBuilds(ADDONS, track(builtCheckout()));
    const { version } = JSON.parse(fs.readFileSync('node_modules/better-sqlite3/package.json', 'utf8')) as {
      version: string;
    };
    expect(keptBuilds()).toEqual([
      `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.node`,
    ]);

    const clean = track(unbuiltCheckout());
    expect(addonsThatWork(ADDONS, clean)).toEqual(['better-sqlite3']);
    // The checkout's own better-sqlite3, as its tests would load it.
    const Database = createRequire(path.join(clean, 'package.json'))('better-sqlite3') as new (
      file: string,
    ) => { prepare: (sql: string) => { get: () => unknown } };
    expect(new Database(':memory:').prepare('select 6 * 7 as answer').get()).toEqual({ answer: 42 });
  });

  it('needs no build of an addon that loads as installed: argon2 from its own binaries, a build npm left in place', () => {
    expect(addonsThatWork(ADDONS, track(unbuiltCheckout(true)))).toEqual(['argon2']);
    expect(addonsThatWork(ADDONS, track(builtCheckout()))).toEqual(['better-sqlite3']);
    expect(keptBuilds()).toEqual([]);
  });

  it('restores nothing where no build of the installed version is kept: that one is compiled', () => {
    const clean = track(unbuiltCheckout());
    expect(addonsThatWork(ADDONS, clean)).toEqual([]);

    keepBuilds(ADDONS, track(builtCheckout()));
    const manifest = path.join(clean, 'node_modules', 'better-sqlite3', 'package.json');
    fs.writeFileSync(
      manifest,
      JSON.stringify({ ...JSON.parse(fs.readFileSync(manifest, 'utf8')), version: '99.0.0' }),
    );
    expect(addonsThatWork(ADDONS, clean)).toEqual([]);
    expect(fs.existsSync(path.join(clean, BINARY))).toBe(false);
  });

  it('throws a kept build away when it does not load, leaving the checkout without it to be compiled', () => {
    keepBuilds(ADDONS, track(builtCheckout()));
    const [kept] = keptBuilds();
    fs.writeFileSync(path.join(machineCacheDirectory('native-addons'), kept), 'not a shared object');

    const clean = track(unbuiltCheckout());
    expect(addonsThatWork(ADDONS, clean)).toEqual([]);
    expect(keptBuilds()).toEqual([]);
    expect(fs.existsSync(path.join(clean, BINARY))).toBe(false);
  });

  it("names a check's cache by checkout and installed packages, so that another lockfile starts afresh, and keeps eight", () => {
    const checkout = track(fs.mkdtempSync(path.join(os.tmpdir(), 'machine-cache-lockfile-')));
    const lockfileSays = (version: number) =>
      fs.writeFileSync(path.join(checkout, 'package-lock.json'), JSON.stringify({ version }));
    /** The cache file ESLint would write for lockfile `version`, written in hour `version`. */
    const cacheFor = (version: number) => {
      lockfileSays(version);
      const file = checkCacheFile('eslint', 'json', checkout);
      fs.writeFileSync(file, '{}');
      fs.utimesSync(file, version * 3600, version * 3600);
      return file;
    };

    const first = cacheFor(1);
    expect(path.dirname(first)).toBe(machineCacheDirectory('eslint'));
    expect(cacheFor(1)).toBe(first);
    expect(checkCacheFile('tsc', 'tsbuildinfo', checkout)).toMatch(/\.tsbuildinfo$/);
    const elsewhere = track(fs.mkdtempSync(path.join(os.tmpdir(), 'machine-cache-lockfile-')));
    fs.copyFileSync(path.join(checkout, 'package-lock.json'), path.join(elsewhere, 'package-lock.json'));
    expect(checkCacheFile('prettier', 'json', elsewhere)).not.toBe(
      checkCacheFile('prettier', 'json', checkout),
    );

    const later = [2, 3, 4, 5, 6, 7, 8, 9].map(cacheFor);
    expect(new Set([first, ...later]).size).toBe(9);
    // A tenth lockfile's check: its own file is to come, and the seven newest others stay.
    lockfileSays(10);
    checkCacheFile('eslint', 'json', checkout);
    expect(fs.readdirSync(machineCacheDirectory('eslint')).sort()).toEqual(
      later
        .slice(1)
        .map((file) => path.basename(file))
        .sort(),
    );
  });
});
