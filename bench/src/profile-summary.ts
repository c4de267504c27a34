// Reads .cpuprofile files written with BENCH_CPU_PROF=1 and prints where the self time went: by
// package or source folder, then the heaviest functions. `npm run bench:profile -- <files…>`
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A readable owner for a script URL: the npm package, the repository folder, or node itself. */
function ownerOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node core';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  const match = /\/(core|server|bench)\/src\/(.*)$/.exec(url);
  return match ? `${match[1]}/src/${path.dirname(match[2] ?? '')}` : url;
}

function label(frame: ProfileNode['callFrame']): string {
  const owner = ownerOf(frame.url, frame.functionName);
  return `${frame.functionName || '(anonymous)'} ${owner}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
}

function summarize(file: string, top: number) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );
  const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);
  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, micros] of selfMicros) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const owner = ownerOf(frame.url, frame.functionName);
    owners.set(owner, (owners.get(owner) ?? 0) + micros);
    const name = label(frame);
    functions.set(name, (functions.get(name) ?? 0) + micros);
  }
  // Inclusive time: a sample counts once for every distinct function on its stack.
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, number>();
  for (const [id, micros] of selfMicros) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame || frame.functionName === '(root)') continue;
      seen.add(label(frame));
    }
    for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
  }
  const pct = (micros: number) => `${((100 * micros) / total).toFixed(1).padStart(5)} %`;
  const busy = total - (owners.get('(idle)') ?? 0);
  console.log(`\n${path.basename(file)}: ${(total / 1e6).toFixed(1)} s sampled, ${pct(busy)} not idle`);
  console.log('  self time by owner:');
  for (const [owner, micros] of [...owners].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`    ${pct(micros)}  ${owner}`);
  }
  console.log('  heaviest functions (self):');
  for (const [name, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`    ${pct(micros)}  ${name}`);
  }
  console.log('  our code and its direct libraries, inclusive:');
  const ours = /(server|core|bench)\/src|\/assets\/|fastify-type-provider-zod|helmet|pino|drizzle-orm|zod/;
  for (const [name, micros] of [...inclusive]
    .filter(([name]) => ours.test(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top * 2)) {
    console.log(`    ${pct(micros)}  ${name}`);
  }
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: npm run bench:profile -- <file.cpuprofile>…');
  process.exit(1);
}
for (const file of files) summarize(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), 15);
