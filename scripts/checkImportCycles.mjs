// Import cycles (design.md §2), at three grains:
// - between modules: a file that reaches itself again through runtime imports (static, `export … from` and
//   dynamic `import()`; type-only imports are erased by the compiler and do not count) — what ESLint's
//   import-x/no-cycle checked, in a second instead of 7 CPU-s, and leaving ESLint's per-file results cacheable
//   (ADR 088);
// - between the folders of the browser app (src/app, the composition root, is one of them: it imports features,
//   no feature imports it) and between server layers, where search → parcel → search is a cycle even when no
//   single file imports itself back (type imports count here: a folder's types belong to it).
// Usage: node scripts/checkImportCycles.mjs  (exit 1 and one line per cycle when there is any)
import fs from 'node:fs';
import path from 'node:path';

const ROOT = process.cwd();
const SOURCE = /\.(ts|tsx)$/;
/** A static import or re-export (its clause never holds a `;`, so a match cannot start at an earlier statement), a
 * dynamic import, or a side-effect import; the module's path is the second, third or fourth group. */
const IMPORT =
  /(?:import|export)\s([^'";]*?)from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
const COMPOSITION_ROOTS = new Set(['src/index.tsx', 'server/app.ts', 'server/main.ts', 'server/compose.ts']);
/** Server folders whose sub-folders are units of their own (a service must not cycle with another). */
const SERVER_SPLIT_LAYERS = new Set(['routes', 'services', 'store']);

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((file) => SOURCE.test(file) && fs.existsSync(file)) ?? null;
}

/** The folder a file belongs to at two grains: [fine, coarse]; null for composition roots. */
function unitsOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  if (COMPOSITION_ROOTS.has(rel)) return null;
  const parts = rel.split('/');
  if (parts[0] === 'src') {
    const unit = parts[1] === 'features' ? parts.slice(0, 3).join('/') : parts.slice(0, 2).join('/');
    return [unit, unit];
  }
  if (parts.length === 2) return [rel.replace(SOURCE, ''), rel.replace(SOURCE, '')];
  const layer = parts.slice(0, 2).join('/');
  const fine = SERVER_SPLIT_LAYERS.has(parts[1]) && parts.length > 3 ? parts.slice(0, 3).join('/') : layer;
  return [fine, layer];
}

/** Tarjan's strongly connected components; every component of more than one unit is a cycle. */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const found = [];
  const visit = (node) => {
    meta.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!meta.has(next)) {
        visit(next);
        meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).low);
      } else if (meta.get(next).onStack) {
        meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).index);
      }
    }
    if (meta.get(node).low === meta.get(node).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        meta.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!meta.has(node)) visit(node);
  return found;
}

/**
 * Whether an `import … from` / `export … from` clause brings in types only (`import type …`, or braces whose
 * every name is marked `type`), which the compiler erases: no module is loaded for it.
 */
function typeOnly(clause) {
  const text = clause.trim();
  if (/^type\s/.test(text)) return true;
  const names = /^\{([^}]*)\}$/
    .exec(text)?.[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names !== undefined && names.length > 0 && names.every((name) => /^type\s/.test(name));
}

const relative = (file) => path.relative(ROOT, file).split(path.sep).join('/');
const addEdge = (graph, from, to, example) => {
  if (!graph.has(from)) graph.set(from, new Map());
  if (!graph.get(from).has(to)) graph.get(from).set(to, example);
};

const files = [...sourceFiles(path.join(ROOT, 'src')), ...sourceFiles(path.join(ROOT, 'server'))];
/** The folder grains, fine and coarse (composition roots left out), and the modules' runtime imports. */
const folderGraphs = [new Map(), new Map()];
const moduleGraph = new Map();
for (const file of files) {
  const from = unitsOf(file);
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(IMPORT)) {
    const target = resolveImport(file, match[2] ?? match[3] ?? match[4]);
    if (!target) continue;
    const example = `${relative(file)} → ${relative(target)}`;
    if (target !== file && !(match[1] !== undefined && typeOnly(match[1])))
      addEdge(moduleGraph, relative(file), relative(target), example);
    const to = unitsOf(target);
    if (!from || !to) continue;
    folderGraphs.forEach((graph, grain) => {
      if (from[grain] !== to[grain]) addEdge(graph, from[grain], to[grain], example);
    });
  }
}

const problems = [];
for (const [kind, graph] of [
  ['modules', moduleGraph],
  ['folders', folderGraphs[0]],
  ['folders', folderGraphs[1]],
]) {
  for (const component of cycles(graph)) {
    const members = new Set(component);
    const edges = component.flatMap((unit) =>
      [...graph.get(unit).entries()].filter(([to]) => members.has(to)).map(([, example]) => example),
    );
    const cycle = component.join(' ↔ ');
    if (!problems.some((problem) => problem.cycle === cycle)) problems.push({ kind, cycle, edges });
  }
}
if (problems.length === 0) {
  console.log(
    `No import cycles between modules, the app's folders or server layers (${files.length} files).`,
  );
} else {
  for (const { kind, cycle, edges } of problems) {
    console.error(`Import cycle between ${kind}: ${cycle}`);
    for (const edge of edges) console.error(`  ${edge}`);
  }
  process.exit(1);
}
