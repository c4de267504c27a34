// `npm run bench:data`: export and import of a full Hero campaign (decision 024) on PGlite —
// 200 units with 20,000-character notes and 600,000 characters of rules, each ≤ 1 s. A benchmark, not
// a test: it prints figures and PASS/FAIL against the target, and the machine's load beside them.
//
// The server is the app as production runs it (../app-server.ts, LOG_LEVEL silent) in its own process;
// this process only sends requests and reads whole answers, so a timing is the server's work plus
// loopback transfer: GET /api/game-data/{id}/export until the last byte, POST /api/game-data/import
// from the first byte sent until the 201 (the body is serialized before the clock starts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, createHero, type HeroAccount } from '../shared/api';
import { grid, median, ms, verdict } from '../shared/figures';
import { logLoadAverage } from '../shared/machine';
import { startServer, type Server } from '../measure';

const TARGET_MS = 1000;
/** Measured exports and imports of each campaign, after one warm-up of each. */
const ROUNDS = Number(process.env.BENCH_DATA_ROUNDS ?? 5);
const UNITS = 200;
const NOTE_CHARS = 20_000;
const RULES_CHARS = 600_000;
/** The second campaign's lists, at the Hero maxima with notes at their limits. */
const FULL_LISTS = { races: 100, classes: 100, statuses: 100 };
const LIST_NOTE_CHARS = { races: 20_000, classes: 20_000, statuses: 2_000 };

/** Text of exactly `length` characters: French prose with accents, markdown and a few CJK signs. */
function text(length: number, seed: string): string {
  const sentence = `${seed} — la forêt s'éveille, **le dragon** veille ; 竜は眠る. `;
  return sentence.repeat(Math.ceil(length / sentence.length)).slice(0, length);
}

interface ExportFile {
  campaign: Record<string, unknown> & {
    races: { name: string; note: string }[];
    classes: { name: string; note: string; color?: string }[];
    statuses: { name: string; note: string }[];
  };
  units: (Record<string, unknown> & { id: string; name: string })[];
}

/** The campaign file to seed from: one campaign made through the API, exported, then filled out. */
async function seedFile(origin: string, account: HeroAccount, fullLists: boolean): Promise<ExportFile> {
  const { token } = account;
  const campaign = await call<{
    _id: string;
    races: { name: string }[];
    classes: { name: string }[];
    statuses: { name: string }[];
  }>(origin, 'POST', '/api/game-data', {
    token,
    json: { name: 'Bench template', template: 'default' },
    expect: 201,
  });
  await call(origin, 'POST', '/api/units', {
    token,
    campaignId: campaign._id,
    json: {
      name: 'Template unit',
      race: campaign.races[0]?.name,
      class: campaign.classes[0]?.name,
      status: campaign.statuses[0]?.name,
    },
    expect: 201,
  });
  const file = await call<ExportFile>(origin, 'GET', `/api/game-data/${campaign._id}/export`, {
    token,
    expect: 200,
  });
  await call(origin, 'DELETE', `/api/game-data/${campaign._id}`, { token, expect: 204 });
  const template = file.units[0];
  if (!template) throw new Error('the template campaign exported no unit');
  file.campaign.name = fullLists ? 'Hero campaign, full lists' : 'Hero campaign';
  file.campaign.rules = text(RULES_CHARS, 'Règles');
  file.units = Array.from({ length: UNITS }, (_, i) => ({
    ...template,
    id: `unit-${i + 1}`,
    name: `Unit ${i + 1}`,
    notes: text(NOTE_CHARS, `Unit ${i + 1}`),
  }));
  if (fullLists) {
    const fill = <T extends { name: string; note: string }>(list: T[], count: number, chars: number, make: (n: number) => T) => {
      const items = list.map((item) => ({ ...item, note: text(chars, item.name) }));
      for (let n = items.length + 1; n <= count; n++) items.push(make(n));
      return items;
    };
    file.campaign.races = fill(file.campaign.races, FULL_LISTS.races, LIST_NOTE_CHARS.races, (n) => ({
      name: `Race ${n}`,
      note: text(LIST_NOTE_CHARS.races, `Race ${n}`),
    }));
    file.campaign.classes = fill(file.campaign.classes, FULL_LISTS.classes, LIST_NOTE_CHARS.classes, (n) => ({
      name: `Class ${n}`,
      note: text(LIST_NOTE_CHARS.classes, `Class ${n}`),
      color: '#1d4ed8',
    }));
    file.campaign.statuses = fill(file.campaign.statuses, FULL_LISTS.statuses, LIST_NOTE_CHARS.statuses, (n) => ({
      name: `Status ${n}`,
      note: text(LIST_NOTE_CHARS.statuses, `Status ${n}`),
    }));
  }
  return file;
}

/** One request timed from its start to the last byte of the answer. */
async function timed(
  origin: string,
  method: 'GET' | 'POST',
  urlPath: string,
  token: string,
  expected: number,
  body?: string,
): Promise<{ ms: number; text: string }> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  const response = await fetch(`${origin}${urlPath}`, { method, headers, body });
  const answer = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== expected) {
    throw new Error(`${method} ${urlPath} answered ${response.status}: ${answer.slice(0, 300)}`);
  }
  return { ms: elapsed, text: answer };
}

interface Row {
  name: string;
  bytes: number;
  exports: number[];
  imports: number[];
}

async function benchCampaign(origin: string, account: HeroAccount, fullLists: boolean): Promise<Row> {
  const { token } = account;
  const seed = JSON.stringify(await seedFile(origin, account, fullLists));
  const seeded = await timed(origin, 'POST', '/api/game-data/import', token, 201, seed);
  const campaignId = (JSON.parse(seeded.text) as { _id: string })._id;
  const row: Row = { name: '', bytes: 0, exports: [], imports: [] };

  // Warm-up, then the measured rounds. Each import makes a campaign, deleted before the next one
  // (a Hero holds 5).
  let exported = '';
  for (let round = 0; round <= ROUNDS; round++) {
    const answer = await timed(origin, 'GET', `/api/game-data/${campaignId}/export`, token, 200);
    exported = answer.text;
    if (round > 0) row.exports.push(answer.ms);
  }
  for (let round = 0; round <= ROUNDS; round++) {
    const answer = await timed(origin, 'POST', '/api/game-data/import', token, 201, exported);
    if (round > 0) row.imports.push(answer.ms);
    const created = (JSON.parse(answer.text) as { _id: string })._id;
    await call(origin, 'DELETE', `/api/game-data/${created}`, { token, expect: 204 });
  }
  await call(origin, 'DELETE', `/api/game-data/${campaignId}`, { token, expect: 204 });

  const file = JSON.parse(exported) as ExportFile;
  row.bytes = Buffer.byteLength(exported);
  row.name =
    `${file.units.length} units × ${NOTE_CHARS.toLocaleString('en')} ch notes, ` +
    `rules ${(file.campaign.rules as string).length.toLocaleString('en')} ch, ` +
    `${file.campaign.races.length} races / ${file.campaign.classes.length} classes / ` +
    `${file.campaign.statuses.length} statuses`;
  return row;
}

async function main() {
  const cpus = os.cpus();
  console.log('== Campaign export and import (docs/decisions/024) on PGlite');
  console.log(`${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, Node ${process.version}, ${os.platform()}`);
  const loadBefore = os.loadavg();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-bench-data-'));
  let server: Server | undefined;
  try {
    server = await startServer(
      // Relative to ../measure.ts, which starts it.
      './app-server.ts',
      { BENCH_DB_KIND: 'pglite', BENCH_DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      { logs: 'ignore' },
    );
    const origin = `http://127.0.0.1:${server.port}`;
    const account = await createHero(origin, 'data');
    const rows = [await benchCampaign(origin, account, false), await benchCampaign(origin, account, true)];

    console.log(`\n${ROUNDS} rounds each after one warm-up; ms from the request's start to its answer's last byte.\n`);
    console.log(
      grid(
        ['campaign', 'file', 'export p50', 'export max', 'import p50', 'import max'],
        rows.map((row) => [
          row.name,
          `${(row.bytes / 1024 / 1024).toFixed(1)} MiB`,
          ms(median(row.exports)),
          ms(Math.max(...row.exports)),
          ms(median(row.imports)),
          ms(Math.max(...row.imports)),
        ]),
        1,
      ),
    );
    const [target] = rows;
    if (target) {
      console.log(
        `\n${verdict(median(target.exports), TARGET_MS)} export of a full Hero campaign ≤ ${TARGET_MS} ms (median ${ms(median(target.exports))} ms)`,
      );
      console.log(
        `${verdict(median(target.imports), TARGET_MS)} import of a full Hero campaign ≤ ${TARGET_MS} ms (median ${ms(median(target.imports))} ms)`,
      );
    }
    logLoadAverage(loadBefore, cpus.length);
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Ctrl-C: exit through process.exit, so the server child is asked to stop by the finally above.
process.on('SIGINT', () => process.exit(130));

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
