// Import cycles between folders (design.md §2): between the folders of the browser app (src/app, the
// composition root, is one of them: it imports features, no feature imports it) and between server layers.
// ESLint's import-x/no-cycle catches module-level cycles; this catches the folder level, where
// search → parcel → search is a cycle even when no single file imports itself back.
// Usage: node scripts/checkFolderCycles.mjs  (exit 1 and one line per cycle when there is any)
import fs from 'node:fs';
import path from 'node:path';

const ROOT = process.cwd();
const SOURCE = /\.(ts|tsx)$/;
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
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

const files = [...sourceFiles(path.join(ROOT, 'src')), ...sourceFiles(path.join(ROOT, 'server'))];
const graphs = [new Map(), new Map()];
for (const file of files) {
  const from = unitsOf(file);
  if (!from) continue;
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(IMPORT)) {
    const target = resolveImport(file, match[1] ?? match[2] ?? match[3]);
    const to = target && unitsOf(target);
    if (!to) continue;
    graphs.forEach((graph, grain) => {
      if (from[grain] === to[grain]) return;
      if (!graph.has(from[grain])) graph.set(from[grain], new Map());
      const edges = graph.get(from[grain]);
      if (!edges.has(to[grain]))
        edges.set(to[grain], `${path.relative(ROOT, file)} → ${path.relative(ROOT, target)}`);
    });
  }
}

const problems = new Map();
for (const graph of graphs) {
  for (const component of cycles(graph)) {
    const members = new Set(component);
    const edges = component.flatMap((unit) =>
      [...graph.get(unit).entries()].filter(([to]) => members.has(to)).map(([, example]) => example),
    );
    problems.set(component.join(' ↔ '), edges);
  }
}
if (problems.size === 0) {
  console.log(`No import cycles between the app's folders or server layers (${files.length} files).`);
} else {
  for (const [cycle, edges] of problems) {
    console.error(`Import cycle between folders: ${cycle}`);
    for (const edge of edges) console.error(`  ${edge}`);
  }
  process.exit(1);
}
