// Import cycles, type-only imports included (docs/decisions/019). ESLint's import-x/no-cycle skips type-only
// imports by design; a cycle of types still makes two files that cannot be read apart. Run by
// `npm run lint`: prints each cycle once and exits 1 when there is any.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const roots = ['core/src', 'server/src', 'server/test', 'web/src', 'e2e', 'bench/src'];
const aliases = [
  ['@/', 'web/src/'],
  ['@questkeeper/core/', 'core/src/'],
];

function walk(dir, out) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function resolve(from, specifier) {
  let base;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else {
    const alias = aliases.find(([prefix]) => specifier.startsWith(prefix));
    if (!alias) return null;
    base = path.join(root, alias[1], specifier.slice(alias[0].length));
  }
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

const files = roots.flatMap((dir) =>
  fs.existsSync(path.join(root, dir)) ? walk(path.join(root, dir), []) : [],
);
const edges = new Map();
const pattern =
  /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  const targets = new Set();
  for (const match of text.matchAll(pattern)) {
    const target = resolve(file, match[1] ?? match[2]);
    if (target && target !== file) targets.add(target);
  }
  edges.set(file, [...targets]);
}

// Tarjan's strongly connected components: every component of more than one file is a cycle.
let index = 0;
const stack = [];
const state = new Map();
const cycles = [];
function connect(node) {
  const info = { index, low: index, onStack: true };
  index += 1;
  state.set(node, info);
  stack.push(node);
  for (const next of edges.get(node) ?? []) {
    const other = state.get(next);
    if (!other) {
      connect(next);
      info.low = Math.min(info.low, state.get(next).low);
    } else if (other.onStack) info.low = Math.min(info.low, other.index);
  }
  if (info.low === info.index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(path.relative(root, member));
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  }
}
for (const file of files) if (!state.has(file)) connect(file);

if (cycles.length > 0) {
  console.error(`Import cycles (type-only imports included): ${cycles.length}`);
  for (const cycle of cycles) console.error(`  ${cycle.join(' <-> ')}`);
  process.exit(1);
}
console.log(`No import cycles in ${files.length} files (type-only imports included).`);
