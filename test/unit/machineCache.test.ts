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

const ADDONS = ['argon2', 'better-sqlite3'];
/** Each addon's package, the packages that find its binary, and the binary its install script builds. */
const PACKAGES = {
  argon2: { with: ['@phc/format', 'node-gyp-build'], binary: 'build/Release/argon2.node' },
  'better-sqlite3': { with: ['bindings', 'file-uri-to-path'], binary: 'build/Release/better_sqlite3.node' },
};
const binaryOf = (name: keyof typeof PACKAGES) => path.join('node_modules', name, PACKAGES[name].binary);

/**
 * A checkout as `npm install --ignore-scripts` leaves it: the addons' JavaScript and the packages that find their
 * binaries, but no build (and none of better-sqlite3's C sources, which a kept build does not need).
 */
function unbuiltCheckout(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'machine-cache-checkout-'));
  for (const [name, { with: others }] of Object.entries(PACKAGES)) {
    for (const each of [name, ...others]) {
      fs.cpSync(path.join('node_modules', each), path.join(root, 'node_modules', each), {
        recursive: true,
        filter: (source) => !/[\\/](argon2|better-sqlite3)[\\/](build|deps|src)$/.test(source),
      });
    }
  }
  return root;
}

/** The same checkout after the install scripts compiled the addons (here: this checkout's builds). */
function builtCheckout(): string {
  const root = unbuiltCheckout();
  for (const name of ADDONS as (keyof typeof PACKAGES)[]) {
    fs.mkdirSync(path.dirname(path.join(root, binaryOf(name))), { recursive: true });
    fs.copyFileSync(binaryOf(name), path.join(root, binaryOf(name)));
  }
  return root;
}

const keptBuilds = () =>
  fs.existsSync(machineCacheDirectory('native-addons'))
    ? fs.readdirSync(machineCacheDirectory('native-addons')).sort()
    : [];
const versionOf = (name: string) =>
  (JSON.parse(fs.readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string }).version;

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

  it('keeps builds named by version, Node ABI, platform and architecture; a clean checkout opens SQLite and hashes with them', async () => {
    keepBuilds(ADDONS, track(builtCheckout()));
    const abi = `node-v${process.versions.modules}-${process.platform}-${process.arch}`;
    expect(keptBuilds()).toEqual(ADDONS.map((name) => `${name}-v${versionOf(name)}-${abi}.node`));

    const clean = track(unbuiltCheckout());
    expect(addonsThatWork(ADDONS, clean)).toEqual(ADDONS);
    // The checkout's own packages, as its tests would load them.
    const load = createRequire(path.join(clean, 'package.json'));
    const Database = load('better-sqlite3') as new (file: string) => {
      prepare: (sql: string) => { get: () => unknown };
    };
    expect(new Database(':memory:').prepare('select 6 * 7 as answer').get()).toEqual({ answer: 42 });
    const argon2 = load('argon2') as { hash: (text: string) => Promise<string> };
    await expect(argon2.hash('kept')).resolves.toMatch(/^\$argon2id\$/);
  });

  it('needs no build of an addon whose build npm left in place, and keeps nothing for it', () => {
    expect(addonsThatWork(ADDONS, track(builtCheckout()))).toEqual(ADDONS);
    expect(keptBuilds()).toEqual([]);
  });

  it('restores nothing where no build of the installed version is kept: that one is compiled', () => {
    const clean = track(unbuiltCheckout());
    expect(addonsThatWork(['better-sqlite3'], clean)).toEqual([]);

    keepBuilds(ADDONS, track(builtCheckout()));
    const manifest = path.join(clean, 'node_modules', 'better-sqlite3', 'package.json');
    fs.writeFileSync(
      manifest,
      JSON.stringify({ ...JSON.parse(fs.readFileSync(manifest, 'utf8')), version: '99.0.0' }),
    );
    expect(addonsThatWork(ADDONS, clean)).toEqual(['argon2']);
    expect(fs.existsSync(path.join(clean, binaryOf('better-sqlite3')))).toBe(false);
  });

  it('throws a kept build away when it does not load, leaving the checkout without it to be compiled', () => {
    keepBuilds(['better-sqlite3'], track(builtCheckout()));
    const [kept] = keptBuilds();
    fs.writeFileSync(path.join(machineCacheDirectory('native-addons'), kept), 'not a shared object');

    const clean = track(unbuiltCheckout());
    expect(addonsThatWork(['better-sqlite3'], clean)).toEqual([]);
    expect(keptBuilds()).toEqual([]);
    expect(fs.existsSync(path.join(clean, binaryOf('better-sqlite3')))).toBe(false);
  });

  it("names a check's cache by checkout and installed packages, so that another lockfile starts afresh, and keeps eight", () => {
    const checkout = track(fs.mkdtempSync(path.join(os.tmpdir(), 'machine-cache-lockfile-')));
    const lockfileSays = (version: number) =>
      fs.writeFileSync(path.join(checkout, 'package-lock.json'), JSON.stringify({ version }));
    /** The cache file ESLint would write for lockfile `version`, written in hour `version`. */
    const cacheFor = (version: number) => {
      lockfileSays(version);
      const file = checkCacheFile('eslint', checkout);
      fs.writeFileSync(file, '{}');
      fs.utimesSync(file, version * 3600, version * 3600);
      return file;
    };

    const first = cacheFor(1);
    expect(path.dirname(first)).toBe(machineCacheDirectory('eslint'));
    expect(cacheFor(1)).toBe(first);
    const elsewhere = track(fs.mkdtempSync(path.join(os.tmpdir(), 'machine-cache-lockfile-')));
    fs.copyFileSync(path.join(checkout, 'package-lock.json'), path.join(elsewhere, 'package-lock.json'));
    expect(checkCacheFile('prettier', elsewhere)).not.toBe(checkCacheFile('prettier', checkout));

    const later = [2, 3, 4, 5, 6, 7, 8, 9].map(cacheFor);
    expect(new Set([first, ...later]).size).toBe(9);
    // A tenth lockfile's check: its own file is to come, and the seven newest others stay.
    lockfileSays(10);
    checkCacheFile('eslint', checkout);
    expect(fs.readdirSync(machineCacheDirectory('eslint')).sort()).toEqual(
      later
        .slice(1)
        .map((file) => path.basename(file))
        .sort(),
    );
  });
});
