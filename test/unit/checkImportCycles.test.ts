import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const SCRIPT = path.resolve('scripts/checkImportCycles.mjs');

/** Runs the cycle check over a project made of `files` (path → source), as `npm test` runs it. */
function checkProject(files: Record<string, string>): { ok: boolean; report: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
  try {
    for (const [file, source] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), source);
    }
    const run = spawnSync(process.execPath, [SCRIPT], { cwd: root, encoding: 'utf8' });
    return { ok: run.status === 0, report: `${run.stdout}${run.stderr}` };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** Two modules of one feature folder: b.ts imports a.ts with `importOfA`, and a.ts imports b.ts. */
const pairImporting = (importOfA: string) => ({
  'src/features/parcel/a.ts':
    "import { b } from './b';\nexport const a = () => b;\nexport type A = string;\n",
  'src/features/parcel/b.ts': `${importOfA}\nexport const b = 1;\n`,
});

describe('the import cycle check (scripts/checkImportCycles.mjs)', () => {
  it('finds two modules that import each other, naming both imports', () => {
    const { ok, report } = checkProject(pairImporting("import { a } from './a';\nvoid a;"));
    expect(ok).toBe(false);
    expect(report).toContain(
      'Import cycle between modules: src/features/parcel/a.ts ↔ src/features/parcel/b.ts',
    );
    expect(report).toContain('src/features/parcel/b.ts → src/features/parcel/a.ts');
  });

  it.each([
    ['a dynamic import', "export const load = () => import('./a');"],
    ['a re-export', "export { a } from './a';"],
    ['braces that mix a type with a value', "import { type A, a } from './a';\nvoid a;"],
    ['an import after an exported type', "export type B = number;\nimport { a } from './a';\nvoid a;"],
  ])('counts %s as a runtime import', (_, importOfA) => {
    expect(checkProject(pairImporting(importOfA)).ok).toBe(false);
  });

  it.each([
    ['import type', "import type { A } from './a';\nexport type B = A;"],
    ['braces of types only', "import { type A } from './a';\nexport type B = A;"],
    ['export type', "export type { A } from './a';"],
  ])('lets %s close a loop between modules: the compiler erases it', (_, importOfA) => {
    const { ok, report } = checkProject(pairImporting(importOfA));
    expect(report).toContain('No import cycles');
    expect(ok).toBe(true);
  });

  it('finds a cycle between feature folders, where type imports count too', () => {
    const { ok, report } = checkProject({
      'src/features/search/query.ts':
        "import type { Parcel } from '../parcel/parcel';\nexport type Q = Parcel;\n",
      'src/features/parcel/parcel.ts': "import type { Q } from '../search/query';\nexport type Parcel = Q;\n",
    });
    expect(ok).toBe(false);
    expect(report).toContain('Import cycle between folders: src/features/parcel ↔ src/features/search');
  });
});
