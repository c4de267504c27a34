// Bulk data straight into the database, for the query-plan test (server/src/db/query-plans.test.ts)
// and the scale benchmark (bench/src/scale): users with a session each, campaigns with the default
// content of their owner's language (fresh list ids per campaign, as the app makes them), units
// spread over the campaigns and over time, and fights with a log on some campaigns. A few
// generate_series statements, no round trip per row. Ids are UUIDs derived from `prefix` and the row
// number (shaped as v4), so a statement can name another table's rows without reading them back, and
// the session tokens are known: `${prefix}-token-${n}` (stored as its SHA-256, like the app's).
// Optionally (issue #37 item 6) the tables of the later features: saved encounters, reveals, images
// and player requests per campaign, and `[[links]]` in unit and encounter notes (what backlinks read).
import { sql } from 'drizzle-orm';
import { defaultCampaignData } from '@questkeeper/core/campaigns/default-campaign';
import { DEFAULT_PLAYER_VIEW_SETTINGS } from '@questkeeper/core/schemas/player-view';
import type { Db } from '../../src/db/client';

export interface BulkSeedOptions {
  /** Row-number prefix of ids, emails and tokens: seeding twice with two prefixes adds up. */
  prefix: string;
  users: number;
  campaigns: number;
  units: number;
  /** Campaigns (spread evenly) with a fight of 10 units and a log. */
  fights?: number;
  logEntriesPerFight?: number;
  /** Saved encounters per campaign (each naming 5 of its units, notes with a link). */
  encountersPerCampaign?: number;
  /** Reveals per campaign (unit reveals, then handouts). */
  revealsPerCampaign?: number;
  /** Images per campaign (portraits and handouts), each `imageBytes` long. */
  imagesPerCampaign?: number;
  imageBytes?: number;
  /** Player requests per fight (half still pending). */
  requestsPerFight?: number;
  /** A live share link (player view) on every campaign, as the ones GMs hand out. */
  shareLinks?: boolean;
  /** A real argon2 hash (every bulk user gets the same one: the password is not what is measured). */
  passwordHash: string;
  /** Units per INSERT statement. */
  batch?: number;
  /** Called after each statement, for progress lines. */
  onProgress?: (what: string, done: number, total: number) => void;
}

/** Bulk users' session token (the bearer value), n from 0. */
export const bulkToken = (prefix: string, n: number) => `${prefix}-token-${n}`;
/** Bulk user n's email. */
export const bulkEmail = (prefix: string, n: number) => `${prefix}-${n}@example.test`;

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
const textArray = (values: readonly string[]) => `(array[${values.map(quote).join(', ')}]::text[])`;
/** A v4-shaped UUID from text: same input, same id. */
const uuidOf = (expression: string) =>
  `(overlay(overlay(md5(${expression}) placing '4' from 13) placing '8' from 17))::uuid`;

const NOTE_PARTS = [
  'Met the party at the Crossed Keys inn and offered them a map of the old mine for a share of the silver.',
  'Owes a favour to the harbour master; will not cross the river after dark since the ferry sank.',
  'Carries a sealed letter addressed to the Duchess of Valmont — the wax bears a broken-wing crest.',
  'Fought in the siege of Karst as a conscript and still limps when it rains. Distrusts mages openly.',
  'Knows the passwords of the thieves’ guild for this season: “amber”, “lantern” and “grey heron”.',
  'Speaks Common, Dwarvish and a little Elvish; sings badly and loudly when drunk, which is often.',
  'Session 12: lost the family sword in the marsh. Session 14: bought it back from a pedlar at twice the price.',
];
const FIRST_NAMES = ['Aldric', 'Brenna', 'Corvin', 'Dagna', 'Eluned', 'Fenwick', 'Gisla', 'Hadrian'];

export async function bulkSeed(db: Db, options: BulkSeedOptions): Promise<void> {
  const p = options.prefix.replace(/[^a-z0-9_-]/gi, '');
  const { users: U, campaigns: C, units: N } = options;
  const batch = options.batch ?? 50_000;
  const progress = options.onProgress ?? (() => {});
  const userId = (n: string) => uuidOf(`'${p}u' || (${n})`);
  const campaignId = (n: string) => uuidOf(`'${p}c' || (${n})`);
  const unitId = (n: string) => uuidOf(`'${p}x' || (${n})`);
  // Users 0, 3, 6… write in French; their campaigns hold the French default content.
  const isFrench = (userN: string) => `((${userN}) % 3 = 0)`;
  const en = defaultCampaignData('en', () => '');
  const fr = defaultCampaignData('fr', () => '');

  // Users, oldest first, one hour apart; a third of each tier; every one with a live session.
  await db.execute(
    sql.raw(`
    insert into users (id, email, password_hash, language, tier, terms_accepted_at, created_at, updated_at)
    select ${userId('n')}, '${p}-' || n || '@example.test', ${quote(options.passwordHash)},
      case when ${isFrench('n')} then 'fr' else 'en' end,
      (array['Novice', 'Adventurer', 'Hero'])[1 + n % 3],
      now() - (${U} - n) * interval '1 hour', now() - (${U} - n) * interval '1 hour', now()
    from generate_series(0, ${U - 1}) as n`),
  );
  await db.execute(
    sql.raw(`
    insert into sessions (user_id, token_hash, created_at, expires_at)
    select ${userId('n')}, encode(sha256(convert_to('${p}-token-' || n, 'UTF8')), 'hex'),
      now(), now() + interval '30 days'
    from generate_series(0, ${U - 1}) as n`),
  );
  progress('users and sessions', U, U);

  // Campaign n belongs to user n % U; list items get fresh ids, as defaultCampaignData gives them.
  const withIds = (list: unknown[]) =>
    `(select jsonb_agg(e || jsonb_build_object('_id', gen_random_uuid()::text) order by o)
      from jsonb_array_elements(${quote(JSON.stringify(list))}::jsonb) with ordinality as t(e, o))`;
  const byLanguage = (userN: string, fn: (d: typeof en) => string) =>
    `case when ${isFrench(userN)} then ${fn(fr)} else ${fn(en)} end`;
  await db.execute(
    sql.raw(`
    insert into campaigns (id, user_id, name, rules, characteristics, races, classes, statuses,
      initiative_rule, initiative_carac_name, created_at, updated_at)
    select ${campaignId('n')}, ${userId(`n % ${U}`)}, 'Campaign ' || (n / ${U} + 1),
      ${byLanguage(`n % ${U}`, (d) => quote(d.rules))},
      ${byLanguage(`n % ${U}`, (d) => `${quote(JSON.stringify(d.characteristics))}::jsonb`)},
      ${byLanguage(`n % ${U}`, (d) => withIds(d.races.map(({ _id, ...rest }) => rest)))},
      ${byLanguage(`n % ${U}`, (d) => withIds(d.classes.map(({ _id, ...rest }) => rest)))},
      ${byLanguage(`n % ${U}`, (d) => withIds(d.statuses.map(({ _id, ...rest }) => rest)))},
      ${quote(en.initiativeRule)}, '',
      now() - (${C} - n) * interval '10 minutes', now()
    from generate_series(0, ${C - 1}) as n`),
  );
  progress('campaigns', C, C);

  // Unit i belongs to campaign i % C, so a campaign's units are spread over the whole table (written
  // over time among everyone else's), each with its campaign's lists and characteristics.
  const pickName = (list: readonly { name: string }[], i: string) =>
    `(${textArray(list.map((x) => x.name))})[1 + (${i}) % ${list.length}]`;
  const characteristics = (d: typeof en) =>
    d.characteristics.length === 0
      ? `'{}'::jsonb`
      : `jsonb_build_object(${d.characteristics
          .map((c, k) => `${quote(c.name)}, 20 + (i * 13 + ${k * 29}) % 70`)
          .join(', ')})`;
  // Each note links to the campaign's next unit by name ([[Name N]]), as GMs cross-reference.
  const notes = `'## ' || case when i % 2 = 0 then 'Background' else 'Hooks' end || E'\\n\\n' ||
      ${textArray(NOTE_PARTS)}[1 + i % 7] || E'\\n\\n' || ${textArray(NOTE_PARTS)}[1 + (i + 2) % 7] ||
      E'\\n\\n' || ${textArray(NOTE_PARTS)}[1 + (i + 5) % 7] || ' See [[' ||
      ${textArray(FIRST_NAMES)}[1 + (i + ${C}) % ${FIRST_NAMES.length}] || ' ' || ((i + ${C}) / ${C} + 1) || ']].'`;
  for (let from = 0; from < N; from += batch) {
    const to = Math.min(N, from + batch) - 1;
    const owner = `(i % ${C}) % ${U}`;
    await db.execute(
      sql.raw(`
      insert into units (id, user_id, campaign_id, name, gender, is_player, race, class, status,
        characteristics, hp, current_hp, gold, silver, bronze, notes, created_at, updated_at)
      select ${unitId('i')}, ${userId(owner)}, ${campaignId(`i % ${C}`)},
        ${textArray(FIRST_NAMES)}[1 + i % ${FIRST_NAMES.length}] || ' ' || (i / ${C} + 1),
        (array['Male', 'Female', 'Other'])[1 + i % 3], (i / ${C}) < 6,
        ${byLanguage(owner, (d) => pickName(d.races, 'i'))},
        ${byLanguage(owner, (d) => pickName(d.classes, 'i'))},
        ${byLanguage(owner, (d) => pickName(d.statuses, 'i / 7'))},
        ${byLanguage(owner, characteristics)},
        40 + (i * 37) % 120, 40 + (i * 37) % 120 - (i * 11) % 40,
        (i * 7) % 300, (i * 13) % 100, (i * 17) % 100,
        ${notes},
        now() - (${N} - i) * interval '1 second', now() - (${N} - i) * interval '1 second'
      from generate_series(${from}, ${to}) as i`),
    );
    progress('units', to + 1, N);
  }

  const fights = Math.min(options.fights ?? 0, C);
  const entries = options.logEntriesPerFight ?? 0;
  if (fights > 0 && N >= C * 10) {
    // Campaign n (every C/fights-th) fights with its first 10 units: 5 allies against 5 enemies.
    const every = Math.floor(C / fights);
    const member = (n: string, k: number) => `${unitId(`${n} + ${k * C}`)}::text`;
    const ids = (n: string, ks: number[]) => `jsonb_build_array(${ks.map((k) => member(n, k)).join(', ')})`;
    const order = `jsonb_build_array(${[0, 5, 1, 6, 2, 7, 3, 8, 4, 9]
      .map((k, rank) => `jsonb_build_object('unitId', ${member('f.n', k)}, 'initiative', ${20 - rank})`)
      .join(', ')})`;
    const fightCampaigns = `select n * ${every} as n from generate_series(0, ${fights - 1}) as n`;
    await db.execute(
      sql.raw(`
      insert into combats (campaign_id, state, version, conditions, updated_at)
      select ${campaignId('f.n')},
        jsonb_build_object('phase', 'fight', 'allies', ${ids('f.n', [0, 1, 2, 3, 4])},
          'enemies', ${ids('f.n', [5, 6, 7, 8, 9])}, 'order', ${order},
          'turnIndex', 0, 'round', ${Math.max(1, Math.floor(entries / 10))}, 'amount', 0, 'targetId', null),
        ${entries + 12}, '{}'::jsonb, now()
      from (${fightCampaigns}) as f`),
    );
    if (entries > 0) {
      // Attacks by the first ally on the first enemy, one step each (position 0 holds the changes).
      const ref = (k: number, group: string) =>
        `jsonb_build_object('id', ${member('f.n', k)}, 'name', ${textArray(FIRST_NAMES)}[1 + (f.n + ${k * C}) % ${FIRST_NAMES.length}] || ' ' || ${k + 1}, 'group', '${group}')`;
      await db.execute(
        sql.raw(`
        insert into combat_log (campaign_id, step, position, type, data, undo, undone, created_at)
        select ${campaignId('f.n')}, s, 0, 'attack',
          jsonb_build_object('type', 'attack', 'round', 1 + s / 10, 'turnOf', ${ref(0, 'allies')},
            'actor', ${ref(0, 'allies')}, 'target', ${ref(5, 'enemies')}, 'input', '1', 'amount', 1,
            'breakdown', null, 'clamped', false, 'hpBefore', 500 - s, 'hpAfter', 499 - s,
            'statusBefore', null, 'statusAfter', null, 'condition', null, 'initiative', null,
            'initiatives', null, 'wrapped', false, 'defeated', null),
          jsonb_build_object(
            'before', jsonb_build_object('state', jsonb_build_object('amount', 0), 'conditions', '{}'::jsonb,
              'units', jsonb_build_object(${member('f.n', 5)}, jsonb_build_object('currentHp', 500 - s))),
            'after', jsonb_build_object('state', jsonb_build_object('amount', 1), 'conditions', '{}'::jsonb,
              'units', jsonb_build_object(${member('f.n', 5)}, jsonb_build_object('currentHp', 499 - s)))),
          false, now() - (${entries} - s) * interval '30 seconds'
        from (${fightCampaigns}) as f, generate_series(0, ${entries - 1}) as s`),
      );
    }
    progress('fights', fights, fights);
    const requests = options.requestsPerFight ?? 0;
    if (requests > 0) {
      await db.execute(
        sql.raw(`
        insert into player_requests (campaign_id, combat_id, link_hash, as_unit_id, kind, payload, status,
          phone_id, created_at, decided_at)
        select ${campaignId('f.n')}, ${campaignId('f.n')}, md5('${p}link' || f.n), ${unitId(`f.n + ${C}`)},
          'damage', jsonb_build_object('targetId', ${member('f.n', 5)}, 'amount', 3),
          case when r % 2 = 0 then 'pending' else 'approved' end, md5('${p}phone' || r),
          now() - (${requests} - r) * interval '20 seconds',
          case when r % 2 = 0 then null else now() end
        from (${fightCampaigns}) as f, generate_series(0, ${requests - 1}) as r`),
      );
      progress('player requests', fights * requests, fights * requests);
    }
  }

  // Rows of campaign n's own tables: r-th of each, its units being n, n + C, n + 2C…
  const perCampaign = (count: number) =>
    `from generate_series(0, ${C - 1}) as n, generate_series(0, ${count - 1}) as r`;
  const unitOf = (k: string) => `${unitId(`n + (${k}) * ${C}`)}`;
  const unitsPerCampaign = Math.floor(N / C);
  const encountersN = unitsPerCampaign >= 10 ? (options.encountersPerCampaign ?? 0) : 0;
  if (encountersN > 0) {
    await db.execute(
      sql.raw(`
      insert into encounters (user_id, campaign_id, name, data, notes, created_at, updated_at)
      select ${userId(`n % ${U}`)}, ${campaignId('n')}, 'Encounter ' || (r + 1),
        jsonb_build_object('allies', jsonb_build_array(jsonb_build_object('unitId', ${unitOf('0')}::text),
            jsonb_build_object('unitId', ${unitOf('1')}::text)),
          'enemies', jsonb_build_array(jsonb_build_object('unitId', ${unitOf('6')}::text, 'count', 1 + r % 4),
            jsonb_build_object('unitId', ${unitOf('7')}::text, 'count', 1),
            jsonb_build_object('unitId', ${unitOf('8')}::text, 'count', 2)),
          'hazards', jsonb_build_array(jsonb_build_object('name', 'Falling rocks', 'initiative', 12, 'hidden', r % 2 = 0)),
          'hidden', jsonb_build_array(${unitOf('8')}::text), 'groups', 'none'),
        'Ambush on the road. The leader is [[' || ${textArray(FIRST_NAMES)}[1 + (n + 6 * ${C}) % ${FIRST_NAMES.length}] ||
          ' 7]]; see [[# Combat]].',
        now() - (${C} - n) * interval '10 minutes' + r * interval '1 minute', now()
      ${perCampaign(encountersN)}`),
    );
    progress('encounters', C * encountersN, C * encountersN);
  }

  const imagesN = options.imagesPerCampaign ?? 0;
  if (imagesN > 0) {
    const size = options.imageBytes ?? 2_048;
    // Distinct bytes per image (no compression of a repeated pattern hides their size).
    await db.execute(
      sql.raw(`
      insert into images (id, user_id, campaign_id, kind, public_id, content_type, bytes, width, height, etag,
        created_at)
      select ${uuidOf(`'${p}i' || n || '-' || r`)}, ${userId(`n % ${U}`)}, ${campaignId('n')},
        case when r % 2 = 0 then 'portrait' else 'handout' end,
        encode(sha256(convert_to('${p}img' || n || '-' || r, 'UTF8')), 'base64'),
        'image/webp',
        (select string_agg(sha256(convert_to(n || '-' || r || '-' || b, 'UTF8')), ''::bytea)
          from generate_series(1, ${Math.ceil(size / 32)}) as b),
        512, 512, '"' || md5('${p}img' || n || '-' || r) || '"',
        now() - (${C} - n) * interval '10 minutes' + r * interval '1 minute'
      ${perCampaign(imagesN)}`),
    );
    progress('images', C * imagesN, C * imagesN);
  }

  const revealsN = options.revealsPerCampaign ?? 0;
  if (revealsN > 0) {
    // The first reveals show units (ref = the unit id, once each), the rest are handouts (no ref);
    // the first handout shows the campaign's second image when there is one.
    const unitReveals = Math.min(revealsN, unitsPerCampaign);
    await db.execute(
      sql.raw(`
      insert into reveals (user_id, campaign_id, kind, ref, title, text, image_id, revealed_at, created_at)
      select ${userId(`n % ${U}`)}, ${campaignId('n')},
        case when r < ${unitReveals} then 'unit' else 'handout' end,
        case when r < ${unitReveals} then ${unitOf('r')}::text end,
        case when r < ${unitReveals} then 'A face in the crowd' else 'Handout ' || (r + 1) end,
        ${textArray(NOTE_PARTS)}[1 + (n + r) % 7],
        ${imagesN > 1 ? `case when r = ${unitReveals} then ${uuidOf(`'${p}i' || n || '-1'`)} end` : 'null'},
        now() - (${C} - n) * interval '10 minutes' + r * interval '1 minute', now()
      ${perCampaign(revealsN)}`),
    );
    progress('reveals', C * revealsN, C * revealsN);
  }

  if (options.shareLinks) {
    // Every campaign's link: the player page's lookup by token hash then runs among 20,000 others,
    // not in a table holding only the measured user's link.
    await db.execute(
      sql.raw(`
      insert into player_views (campaign_id, user_id, token_hash, secret, settings)
      select ${campaignId('n')}, ${userId(`n % ${U}`)}, encode(sha256(convert_to('${p}link-' || n, 'UTF8')), 'hex'),
        md5('${p}secret' || n), ${quote(JSON.stringify(DEFAULT_PLAYER_VIEW_SETTINGS))}::jsonb
      from generate_series(0, ${C - 1}) as n`),
    );
    progress('share links', C, C);
  }
}

/** Fresh planner statistics, as autovacuum would gather them after a bulk load. */
export async function analyze(db: Db): Promise<void> {
  await db.execute(sql.raw('analyze'));
}
