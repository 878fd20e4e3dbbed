import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIsStale, markBuilt } from '../../scripts/buildIsStale.mjs';

/** A project root with one source file and a built dist/index.html, both dated `at` (seconds since 1970). */
function projectBuiltAt(at: number): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-is-stale-'));
  fs.mkdirSync(path.join(root, 'src'));
  fs.mkdirSync(path.join(root, 'dist'));
  for (const file of ['src/main.ts', 'dist/index.html']) {
    fs.writeFileSync(path.join(root, file), '');
    fs.utimesSync(path.join(root, file), at, at);
  }
  fs.utimesSync(path.join(root, 'src'), at, at);
  return root;
}

describe('whether the web app must be built again (scripts/buildIsStale.mjs)', () => {
  let root: string;
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is stale when dist/ is missing', () => {
    root = projectBuiltAt(1_000_000);
    fs.rmSync(path.join(root, 'dist'), { recursive: true });
    expect(buildIsStale(root)).toBe(true);
  });

  it('is not stale when no input is newer than the build, and stale once one is touched', () => {
    root = projectBuiltAt(1_000_000);
    expect(buildIsStale(root)).toBe(false);
    fs.utimesSync(path.join(root, 'src/main.ts'), 2_000_000, 2_000_000);
    expect(buildIsStale(root)).toBe(true);
  });

  it('is not stale after a build marked done, though webpack left index.html unwritten (same content)', () => {
    root = projectBuiltAt(1_000_000);
    // An input touched without a change (a reinstall rewrites package-lock.json as it was): the rebuild's
    // index.html comes out the same, and webpack does not write it again.
    fs.utimesSync(path.join(root, 'src/main.ts'), 2_000_000, 2_000_000);
    expect(buildIsStale(root)).toBe(true);
    markBuilt(root);
    expect(buildIsStale(root)).toBe(false);
  });
});
