// XSS corpus in Chromium: every payload of e2e/support/xss-corpus.ts is saved through the
// API in every text a user writes — rules, notes of units, races, classes and statuses, names of
// units, races, classes, statuses, characteristics and campaigns — and each view that shows them is
// opened: rules (read and editor preview), unit cards, notes and form, the lists with every note
// open, the sidebar, the combat view and its log, and the player page of a shared fight. Held: no
// payload runs (a trap installed before any script of the page — `__xss`, alert, confirm, prompt —
// and Chromium's dialog events), and the DOM holds no `javascript:` URL, no event-handler attribute,
// no script, frame or object the page did not ship. The page's CSP is bypassed on purpose so that
// the renderer alone is what holds; a last test checks the CSP the server sends.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seedSession, type ApiUser } from '../support/helpers';
import { bearer, createCampaign, gameMaster, unitApi, type Campaign, type Unit } from '../support/game-data';
import { payloadDocument, payloadName, XSS_PAYLOADS } from '../support/xss-corpus';

const START = 'XSS corpus start';
const END = 'XSS corpus end';
const DOCUMENT = payloadDocument(START, END);
const KEEPER = 'Corpus keeper';

// One world for the tests of a worker (built once): a Hero with every text holding the corpus.
test.use({ bypassCSP: true });
test.setTimeout(120_000);

interface World {
  user: ApiUser;
  campaign: Campaign;
  units: Unit[];
  campaigns: Campaign[];
}
let world: World | undefined;

async function buildWorld(page: Page, request: APIRequestContext): Promise<World> {
  const { user, campaign } = await gameMaster(page, request, { tier: 'Hero' });
  const headers = bearer(user);
  const names = XSS_PAYLOADS.map(payloadName);
  const saved = await request.put(`/api/game-data/${campaign._id}`, {
    headers,
    data: {
      name: names[0],
      rules: DOCUMENT,
      characteristics: names.slice(0, 50).map((name) => ({ name, max: 100 })),
      races: [
        { name: KEEPER, note: DOCUMENT },
        ...XSS_PAYLOADS.map((p, i) => ({ name: names[i], note: p.text })),
      ],
      classes: [
        { name: KEEPER, note: DOCUMENT },
        ...XSS_PAYLOADS.map((p, i) => ({ name: names[i], note: p.text })),
      ],
      statuses: XSS_PAYLOADS.map((p, i) => ({ name: names[i], note: p.text })),
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const current = (await saved.json()) as Campaign;
  const api = unitApi(request, user, current);
  const units: Unit[] = [await api.create({ name: KEEPER, notes: DOCUMENT, isPlayer: true })];
  for (const [i, payload] of XSS_PAYLOADS.entries()) {
    units.push(
      await api.create({
        name: names[i]!,
        notes: payload.text,
        isPlayer: i % 2 === 0,
        race: current.races[i + 1]!.name,
        class: current.classes[i + 1]!.name,
        status: current.statuses[i]!.name,
      }),
    );
  }
  // The other four campaigns a Hero may have: their names rotate through the corpus in the sidebar test.
  const campaigns = [current];
  for (let i = 1; i < 5; i++) campaigns.push(await createCampaign(request, user, names[i]!));

  // A fight of every unit, conditions of the corpus' statuses, and a log naming them.
  const combatHeaders = api.headers;
  const act = async (action: Record<string, unknown>) => {
    const fight = await request.get('/api/combat', { headers: combatHeaders });
    const { version } = (await fight.json()) as { version: string };
    const answer = await request.post('/api/combat/actions', {
      headers: combatHeaders,
      data: { version, action },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  };
  const fighters = units.slice(0, 41);
  for (const [i, unit] of fighters.entries()) {
    await act({ type: 'add', unitId: unit._id, group: i % 2 === 0 ? 'allies' : 'enemies' });
  }
  await act({
    type: 'start',
    initiatives: Object.fromEntries(fighters.map((unit, i) => [unit._id, 100 - i])),
  });
  for (const [i, unit] of fighters.slice(1, 21).entries()) {
    await act({ type: 'addCondition', unitId: unit._id, status: current.statuses[i]!.name, rounds: 3 });
    // A named source, so the log and feed render a hostile name as the actor too.
    await act({ type: 'attack', targetId: fighters[i + 2]!._id, amount: 1, sourceId: unit._id });
    await act({ type: 'nextTurn' });
  }
  return { user, campaign: current, units, campaigns };
}

/** Arms the trap before any script of the page runs, and collects what it and dialogs catch. */
async function armTrap(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown> & { __xssHits: string[] };
    w.__xssHits = [];
    const hit = (what: string) => () => {
      w.__xssHits.push(what);
    };
    w.__xss = (n: unknown) => w.__xssHits.push(`__xss(${String(n)})`);
    w.alert = hit('alert');
    w.confirm = hit('confirm');
    w.prompt = hit('prompt');
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

/** Hits of the trap in every frame, attributes and elements no user text may produce. */
async function expectClean(page: Page, dialogs: string[], where: string) {
  const findings = await page.evaluate(() => {
    const found: string[] = [];
    const hits = (window as unknown as { __xssHits: string[] }).__xssHits;
    found.push(...hits.map((hit) => `executed ${hit}`));
    const urlAttributes = [
      'href',
      'src',
      'action',
      'formaction',
      'xlink:href',
      'data',
      'poster',
      'background',
      'to',
    ];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      const tag = element.tagName.toLowerCase();
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        // Browsers ignore whitespace and control characters inside a scheme.
        const value = [...attribute.value.toLowerCase()].filter((c) => c.charCodeAt(0) > 0x20).join('');
        if (name.startsWith('on')) found.push(`<${tag} ${name}>`);
        if (name === 'srcdoc') found.push(`<${tag} srcdoc>`);
        if (urlAttributes.includes(name) && /^(javascript|vbscript):/.test(value)) {
          found.push(`<${tag} ${name}="${attribute.value}">`);
        }
        if (tag === 'a' && name === 'href' && value.startsWith('data:')) found.push(`<a href="data:…">`);
        if (name === 'style' && /expression\(|javascript:/.test(value)) found.push(`<${tag} style>`);
      }
      if (tag === 'script') {
        const src = (element as HTMLScriptElement).src;
        if (!src || new URL(src).origin !== location.origin) found.push(`<script src="${src}">`);
      }
      if (['iframe', 'frame', 'object', 'embed', 'base'].includes(tag)) found.push(`<${tag}>`);
      if (tag === 'meta' && (element as HTMLMetaElement).httpEquiv) found.push('<meta http-equiv>');
    }
    return found;
  });
  expect(findings, where).toEqual([]);
  expect(dialogs, where).toEqual([]);
}

const dashboard = (campaign: Campaign, view: string) => `/en/dashboard?campaign=${campaign._id}&view=${view}`;

let views = 0;
async function visit(page: Page, dialogs: string[], where: string, ready: () => Promise<void>) {
  try {
    await ready();
  } finally {
    // Also when the view did not show what it should: an injected element may be what hid it.
    await expectClean(page, dialogs, where);
  }
  views += 1;
}

test.beforeEach(async ({ page, request }) => {
  world ??= await buildWorld(page, request);
  await seedSession(page, world.user);
});

test('rules: the read view and the editor preview', async ({ page }) => {
  const { campaign } = world!;
  const dialogs = await armTrap(page);
  await page.goto(dashboard(campaign, 'rules'));
  await visit(page, dialogs, 'rules view', async () => {
    await expect(page.getByText(END, { exact: true })).toBeVisible({ timeout: 30_000 });
    // Rendered, not dropped: the harmless text of the corpus is on the page.
    await expect(page.getByText('XSS corpus start', { exact: true })).toBeVisible();
  });
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await visit(page, dialogs, 'rules editor preview', async () => {
    await expect(page.getByRole('textbox', { name: /rules/i })).toBeVisible();
    await expect(page.getByText(END, { exact: true })).not.toHaveCount(0);
  });
});

test('units: cards, notes, the notes editor and the unit form', async ({ page }) => {
  const { campaign } = world!;
  const dialogs = await armTrap(page);
  await page.goto(dashboard(campaign, 'units'));
  await visit(page, dialogs, 'unit cards', async () => {
    // 78 units, on a machine other suites share: generous.
    await expect(page.getByRole('button', { name: `Notes of ${KEEPER}` })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: /^Notes of \d+ / }).first()).toBeVisible();
  });
  await page.getByRole('button', { name: `Notes of ${KEEPER}` }).click();
  const notes = page.getByRole('dialog', { name: `Notes of ${KEEPER}` });
  await visit(page, dialogs, 'unit notes', async () => {
    await expect(notes.getByText(END, { exact: true })).toBeVisible();
  });
  await notes.getByRole('button', { name: 'Edit notes' }).click();
  await visit(page, dialogs, 'unit notes editor', async () => {
    await expect(notes.getByRole('button', { name: 'Save notes' })).toBeVisible();
  });
  // Once its code has loaded the editor takes the focus: the first Escape starts the way out of the
  // text (decision 081), the second closes the dialog.
  await expect(notes.getByLabel(`Notes and inventory of ${KEEPER}`, { exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(notes).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(notes).toHaveCount(0);

  // A unit's own notes holding one payload, for the first payload of each kind (the keeper's notes
  // above hold them all).
  const firstOfKind = XSS_PAYLOADS.filter((p, i) => XSS_PAYLOADS.findIndex((q) => q.kind === p.kind) === i);
  for (const payload of firstOfKind) {
    const name = payloadName(payload);
    await page.getByRole('button', { name: `Notes of ${name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Notes of ${name}`, exact: true });
    await visit(page, dialogs, `notes of unit ${payload.id}`, () => expect(dialog).toBeVisible());
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }

  await page.getByRole('button', { name: `Edit ${KEEPER}` }).click();
  const form = page.getByRole('dialog', { name: `Edit ${KEEPER}` });
  await visit(page, dialogs, 'unit form', async () => {
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue(KEEPER);
  });
  await form.getByRole('button', { name: 'Edit notes & inventory' }).click();
  await visit(page, dialogs, 'unit form notes', async () => {
    await expect(
      page.getByRole('dialog', { name: 'Notes & inventory' }).getByText(END, { exact: true }),
    ).not.toHaveCount(0);
  });
});

for (const view of ['races', 'classes', 'statuses', 'characteristics'] as const) {
  test(`${view}: names and every note open`, async ({ page }) => {
    const { campaign } = world!;
    const dialogs = await armTrap(page);
    await page.goto(dashboard(campaign, view));
    await expect(page.getByText(payloadName(XSS_PAYLOADS[5]!), { exact: true }).first()).toBeVisible({
      timeout: 30_000,
    });
    const show = page.getByRole('button', { name: 'Show notes' });
    const count = await show.count();
    if (view !== 'characteristics') expect(count).toBeGreaterThanOrEqual(XSS_PAYLOADS.length);
    // Every note opened in one go (a click each, as many as there are items).
    await page.evaluate(() => {
      for (const button of Array.from(document.querySelectorAll('button'))) {
        if (
          button.getAttribute('aria-label') === 'Show notes' ||
          button.textContent?.trim() === 'Show notes'
        ) {
          button.click();
        }
      }
    });
    await visit(page, dialogs, `${view} list with notes`, async () => {
      await expect(show).toHaveCount(0);
      if (view === 'races' || view === 'classes')
        await expect(page.getByText(END, { exact: true })).toBeVisible();
    });
  });
}

test('sidebar: campaign names', async ({ page, request }) => {
  const { user, campaigns } = world!;
  const dialogs = await armTrap(page);
  const names = XSS_PAYLOADS.map(payloadName);
  for (let round = 0; round * campaigns.length < names.length; round++) {
    const batch = names.slice(round * campaigns.length, (round + 1) * campaigns.length);
    for (const [i, name] of batch.entries()) {
      const renamed = await request.put(`/api/game-data/${campaigns[i]!._id}`, {
        headers: bearer(user),
        data: { name },
      });
      expect(renamed.status(), await renamed.text()).toBe(200);
    }
    // A campaign of default content: the page shows the names without rendering the corpus again.
    await page.goto(dashboard(campaigns[1]!, 'rules'));
    await visit(page, dialogs, `sidebar round ${round}`, async () => {
      await expect(page.getByText(batch[0]!, { exact: true }).first()).toBeVisible();
    });
  }
});

test('combat view and its log', async ({ page }) => {
  const { campaign } = world!;
  const dialogs = await armTrap(page);
  await page.goto(dashboard(campaign, 'combat'));
  await visit(page, dialogs, 'combat view', async () => {
    await expect(page.getByText(KEEPER).first()).toBeVisible({ timeout: 30_000 });
  });
  const showLog = page.getByRole('button', { name: 'Show the combat log' });
  if (await showLog.count()) await showLog.first().click();
  await visit(page, dialogs, 'combat log', async () => {
    await expect(page.getByRole('button', { name: 'Hide the combat log' }).first()).toBeVisible();
  });
  // Status notes behind condition chips.
  const chips = page.getByRole('button', { name: /\(\d+\)$/ });
  const chipCount = Math.min(await chips.count(), 10);
  for (let i = 0; i < chipCount; i++) {
    await chips.nth(i).click();
    await page.keyboard.press('Escape');
  }
  await visit(page, dialogs, 'condition notes', async () => {});
});

test('player page of a shared fight', async ({ page, request }) => {
  const { user, campaign } = world!;
  const dialogs = await armTrap(page);
  const shared = await request.post('/api/combat/share', {
    headers: { ...bearer(user), 'x-campaign-id': campaign._id },
  });
  expect(shared.status(), await shared.text()).toBe(200);
  const { url } = (await shared.json()) as { url: string };
  await page.goto(url);
  await visit(page, dialogs, 'player page', async () => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(KEEPER).first()).toBeVisible();
  });
});

test('contact: every payload is accepted as a subject and a message (the support mail escapes them)', async ({
  request,
}) => {
  // The web app never shows a contact message again; its one sink is the support mail, whose HTML
  // holds each payload as text only (server/src/features/mail/contact-mail-xss.test.ts).
  for (const payload of XSS_PAYLOADS) {
    const sent = await request.post('/api/contact/send', {
      headers: bearer(world!.user),
      data: { subject: payload.text.slice(0, 200), message: payload.text },
    });
    expect(sent.status(), `${payload.id}: ${await sent.text()}`).toBe(200);
  }
});

let failures = 0;
test.afterEach(() => {
  const info = test.info();
  if (info.status !== info.expectedStatus) failures += 1;
});

// The figures of a run where every test of this worker held, as the proof suites write theirs
// (server/test/support/reliability-report.ts renders docs/reliability.md from them).
test.afterAll(() => {
  const kinds = new Map<string, number>();
  for (const payload of XSS_PAYLOADS) kinds.set(payload.kind, (kinds.get(payload.kind) ?? 0) + 1);
  const summary = `XSS corpus: ${XSS_PAYLOADS.length} payloads; views checked: ${views}; failures: ${failures}`;
  console.log(summary);
  if (failures > 0 || views < 40) return;
  const dir = fileURLToPath(new URL('../../test-results/reliability', import.meta.url));
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'xss.pglite.json'),
    JSON.stringify(
      {
        title: 'XSS corpus (Chromium)',
        order: 9,
        about: [
          'Every payload of `e2e/support/xss-corpus.ts` saved through the API in every text a user writes — rules; notes of units, races, classes and statuses (each alone, and all in one note); names of units, races, classes, statuses, characteristics and campaigns; the contact subject and message — and rendered on every view that shows them: rules (read view and editor preview), unit cards, notes, notes editor and form, the four lists with every note open, the sidebar, the combat view with its log and condition notes, and the player page of a shared fight (`e2e/tests/xss.spec.ts`).',
          'The page’s CSP is bypassed so the renderer alone must hold: no call of the trap (`__xss`, alert, confirm, prompt, installed before the page’s scripts) and no dialog; no `javascript:`/`vbscript:` URL, event-handler attribute, `srcdoc`, foreign script, frame, object, embed, base or meta refresh in the DOM. The CSP served has no `unsafe-inline`/`unsafe-eval` for scripts.',
          'The contact texts are shown by no view: their sink, the support mail, holds every payload as escaped text (`server/src/features/mail/contact-mail-xss.test.ts`). Checked to fail: with markdown-it’s `html: true`, the rules view reports 7 executions and 20 forbidden elements.',
        ],
        figures: {
          payloads: XSS_PAYLOADS.length,
          '— by kind': [...kinds].map(([kind, count]) => `${kind} ${count}`).join(', '),
          'texts saved per payload': 'rules, 4 notes, 6 names, contact subject and message',
          'views checked (page states scanned)': views,
          executions: 0,
          'javascript: URLs in the DOM': 0,
          'CSP script-src': "'self' (no unsafe-inline, no unsafe-eval)",
        },
      },
      null,
      2,
    ),
  );
});

test.describe('content security policy', () => {
  test.use({ bypassCSP: false });
  test('the pages are served with a CSP that allows no inline or eval’d script', async ({ request }) => {
    for (const path of ['/en', '/en/login', '/en/dashboard', '/fr/play/not-a-token']) {
      const response = await request.get(path);
      const csp = response.headers()['content-security-policy'] ?? '';
      const directives = new Map(
        csp
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .filter(([name]) => name)
          .map(([name, ...values]) => [name!, values]),
      );
      const scripts = directives.get('script-src') ?? directives.get('default-src');
      expect(scripts, `${path}: ${csp}`).toBeDefined();
      expect(scripts, path).not.toContain("'unsafe-inline'");
      expect(scripts, path).not.toContain("'unsafe-eval'");
      for (const name of ['script-src-attr', 'script-src-elem']) {
        expect(directives.get(name) ?? [], path).not.toContain("'unsafe-inline'");
      }
      expect(directives.get('object-src'), path).toEqual(["'none'"]);
    }
  });
});
