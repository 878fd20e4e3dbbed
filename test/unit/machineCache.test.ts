import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { keepBuilds, machineCacheDirectory, restoreKeptBuilds } from '../../scripts/machineCache.mjs';

const BINARY = path.join('node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
const ADDONS = ['argon2', 'better-sqlite3'];

/**
 * A checkout as `npm install --ignore-scripts` leaves it: better-sqlite3's JavaScript and the package that finds
 * its binary, but no binary (and none of the C sources, which a restored build does not need).
 */
function unbuiltCheckout(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'machine-cache-checkout-'));
  for (const name of ['better-sqlite3', 'bindings', 'file-uri-to-path']) {
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
    expect(restoreKeptBuilds(ADDONS, clean)).toEqual(['better-sqlite3']);
    // The checkout's own better-sqlite3, as its tests would load it.
    const Database = createRequire(path.join(clean, 'package.json'))('better-sqlite3') as new (
      file: string,
    ) => { prepare: (sql: string) => { get: () => unknown } };
    expect(new Database(':memory:').prepare('select 6 * 7 as answer').get()).toEqual({ answer: 42 });
  });

  it('restores nothing where no build of the installed version is kept: that one is compiled', () => {
    const clean = track(unbuiltCheckout());
    expect(restoreKeptBuilds(ADDONS, clean)).toEqual([]);

    keepBuilds(ADDONS, track(builtCheckout()));
    const manifest = path.join(clean, 'node_modules', 'better-sqlite3', 'package.json');
    fs.writeFileSync(
      manifest,
      JSON.stringify({ ...JSON.parse(fs.readFileSync(manifest, 'utf8')), version: '99.0.0' }),
    );
    expect(restoreKeptBuilds(ADDONS, clean)).toEqual([]);
    expect(fs.existsSync(path.join(clean, BINARY))).toBe(false);
  });

  it('throws a kept build away when it does not load, leaving the checkout without it to be compiled', () => {
    keepBuilds(ADDONS, track(builtCheckout()));
    const [kept] = keptBuilds();
    fs.writeFileSync(path.join(machineCacheDirectory('native-addons'), kept), 'not a shared object');

    const clean = track(unbuiltCheckout());
    expect(restoreKeptBuilds(ADDONS, clean)).toEqual([]);
    expect(keptBuilds()).toEqual([]);
    expect(fs.existsSync(path.join(clean, BINARY))).toBe(false);
  });
});
