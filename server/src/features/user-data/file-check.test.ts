// The import's file check (decision 047), called directly: what the worker thread answers for a file.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { COMBAT_LOG_MAX_ENTRIES } from '@questkeeper/core/limits';
import { exportedUnit } from '@questkeeper/core/schemas/game-data-export';
import { fieldErrors } from '@questkeeper/core/validation';
import { campaignFile } from '../../../test/support/user-data-fixtures';
import { fileWithLog, logEntry } from '../../../test/support/import-files';
import { IMPORT_PROBLEMS_MAX, checkCampaignFile, type FileCheck } from './file-check';

const bytes = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));

function problemsOf(check: FileCheck) {
  if (check.ok || check.code !== 'VALIDATION_FAILED')
    throw new Error(`not refused by the schema: ${JSON.stringify(check).slice(0, 200)}`);
  return { fields: fieldErrors(check.issues, 'en'), count: check.issues.length, more: check.more };
}

describe('import file check', () => {
  it('reads a good file, and tells bad JSON, prototype keys and newer formats apart', () => {
    expect(checkCampaignFile(bytes(fileWithLog([logEntry(0)])))).toMatchObject({ ok: true });
    expect(checkCampaignFile(bytes('{"format": '))).toEqual({ ok: false, code: 'MALFORMED_JSON' });
    expect(checkCampaignFile(bytes('{"a": {"__proto__": {}}}'))).toEqual({
      ok: false,
      code: 'FORBIDDEN_JSON_KEY',
    });
    expect(checkCampaignFile(bytes({ ...campaignFile(), formatVersion: 7 }))).toEqual({
      ok: false,
      code: 'IMPORT_FORMAT_TOO_NEW',
      version: '7',
      supported: 1,
    });
    expect(problemsOf(checkCampaignFile(bytes(''))).fields).toEqual({ _: 'This field is required.' });
  });

  it('answers the first 100 problems and stops reading units once it has them', () => {
    const file = campaignFile({ units: 2_000 });
    for (const unit of file.units) Object.assign(unit, { hp: -1, currentHp: 'x', gender: 'robot' });
    const parse = vi.spyOn(exportedUnit, 'safeParse');
    const { count, more, fields } = problemsOf(checkCampaignFile(bytes(file)));
    expect(count).toBe(IMPORT_PROBLEMS_MAX);
    expect(more).toBe(true);
    expect(Object.keys(fields)[0]).toBe('units.0.gender');
    // Three problems a unit: 34 units give the 101st; the other 1,966 are never read.
    expect(parse.mock.calls.length).toBeLessThanOrEqual(34);
    parse.mockRestore();
  });

  it('refuses a log over the documented cap by its length alone, without reading its entries', () => {
    const zeros = checkCampaignFile(bytes(fileWithLog(new Array(1_000_000).fill(0))));
    expect(problemsOf(zeros)).toEqual({
      fields: { 'fight.log': `Must have at most ${COMBAT_LOG_MAX_ENTRIES} items.` },
      count: 1,
      more: false,
    });
    const over = Array.from({ length: COMBAT_LOG_MAX_ENTRIES + 1 }, (_, step) => logEntry(step));
    expect(problemsOf(checkCampaignFile(bytes(fileWithLog(over)))).fields).toEqual({
      'fight.log': `Must have at most ${COMBAT_LOG_MAX_ENTRIES} items.`,
    });
  });

  it('takes every date of years 1 to 9999 and names every other one on its field', () => {
    // Any instant JavaScript can hold, written as the export writes dates.
    const instants = fc.integer({ min: -8.64e15, max: 8.64e15 }).map((ms) => new Date(ms).toISOString());
    fc.assert(
      fc.property(instants, instants, (at, createdAt) => {
        const file = fileWithLog([logEntry(0, at)]);
        Object.assign(file.units[0]!, { createdAt });
        const check = checkCampaignFile(bytes(file));
        const inRange = (date: string) => /^\d{4}-/.test(date) && !date.startsWith('0000');
        if (inRange(at) && inRange(createdAt)) {
          expect(check.ok).toBe(true);
          return;
        }
        const expected: Record<string, string> = {};
        const message = 'Must be a date between the years 1 and 9999.';
        if (!inRange(createdAt)) expected['units.0.createdAt'] = message;
        if (!inRange(at)) expected['fight.log.0.at'] = message;
        expect(problemsOf(check).fields).toEqual(expected);
      }),
      { numRuns: 300 },
    );
    // Offsets count: 9999-12-31 23:00 at -05:00 is year 10000 in UTC.
    const late = fileWithLog([logEntry(0, '9999-12-31T23:00:00-05:00')]);
    expect(problemsOf(checkCampaignFile(bytes(late))).fields).toEqual({
      'fight.log.0.at': 'Must be a date between the years 1 and 9999.',
    });
    expect(checkCampaignFile(bytes(fileWithLog([logEntry(0, '0001-01-01T00:00:00Z')]))).ok).toBe(true);
    const words = fileWithLog([logEntry(0, 'yesterday')]);
    expect(Object.keys(problemsOf(checkCampaignFile(bytes(words))).fields)).toEqual(['fight.log.0.at']);
  });
});
