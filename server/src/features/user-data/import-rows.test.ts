// The rows a checked file becomes, built in the import's worker (decision 047): large parts as JSON
// chunks of at most IMPORT_CHUNK_BYTES that together hold every row, in file order.
import { describe, expect, it } from 'vitest';
import { gameDataExport } from '@questkeeper/core/schemas/game-data-export';
import { campaignFile } from '../../../test/support/user-data-fixtures';
import { fileWithLog, logEntry } from '../../../test/support/import-files';
import {
  IMPORT_CHUNK_BYTES,
  LOG_CHUNK_BYTES,
  prepareImport,
  textPieces,
  type PreparedImport,
  type Span,
} from './import-rows';

const decoder = new TextDecoder();
const rowsOf = (prepared: PreparedImport, spans: readonly Span[], max = IMPORT_CHUNK_BYTES) =>
  spans.flatMap(([offset, length]) => {
    expect(length).toBeLessThanOrEqual(max);
    return JSON.parse(decoder.decode(prepared.bytes.subarray(offset, offset + length))) as unknown[];
  });

let counter = 0;
const ids = () => `id-${(counter += 1)}`;

describe('prepareImport', () => {
  it('cuts units, lists and the log into chunks of at most IMPORT_CHUNK_BYTES holding every row in order', () => {
    // 3 bytes a character: 200 × 20,000 characters of notes are 12 MB.
    const notes = (i: number) => `${i}${'竜'.repeat(19_999)}`;
    const entries = Array.from({ length: 5_000 }, (_, step) => logEntry(step));
    const input = {
      ...fileWithLog(entries),
      units: campaignFile({ units: 200 }).units.map((unit, i) => ({ ...unit, notes: notes(i) })),
    };
    input.campaign.races = Array.from({ length: 100 }, (_, i) => ({ name: `R${i}`, note: notes(i) }));
    input.units.forEach((unit) => Object.assign(unit, { race: 'R0' }));
    const prepared = prepareImport(gameDataExport.parse(input), ids);

    expect(prepared.refusal).toBeUndefined();
    expect(prepared.units.length).toBeGreaterThanOrEqual(12);
    const units = rowsOf(prepared, prepared.units) as { ord: number; notes: string; race: string }[];
    expect(units.map((unit) => unit.ord)).toEqual(input.units.map((_, i) => i));
    expect(units.map((unit) => unit.notes)).toEqual(input.units.map((unit) => unit.notes));
    const races = rowsOf(prepared, prepared.lists.races) as { _id: string; name: string }[];
    expect(races.map((race) => race.name)).toEqual(input.campaign.races.map((race) => race.name));
    expect(new Set(races.map((race) => race._id)).size).toBe(100);
    const log = rowsOf(prepared, prepared.fight?.log ?? [], LOG_CHUNK_BYTES) as {
      step: number;
      data: { actor: { id: string } };
    }[];
    expect(log.map((entry) => entry.step)).toEqual(entries.map((entry) => entry.step));
    // The fight's references follow the units' new ids.
    expect(log[0]?.data.actor.id).toBe((units[0] as unknown as { id: string }).id);
    expect(prepared.fight?.logTotal).toBe(5_000);
    // The buffer is its own, so the worker can transfer it whole.
    expect(prepared.bytes.byteOffset).toBe(0);
    expect(prepared.bytes.byteLength).toBe(prepared.bytes.buffer.byteLength);
  });

  it("names the file's own problems, units and fight together, for the main thread to answer", () => {
    const file = fileWithLog([]);
    const input = { ...file, fight: { ...file.fight, enemies: ['ghost'] } };
    input.units[0]!.race = 'Goblin';
    const prepared = prepareImport(gameDataExport.parse(input), ids);
    expect(prepared.refusal).toEqual({
      code: 'VALIDATION_FAILED',
      params: {},
      fields: {
        'units.0.race': { key: 'validation.unknownRace' },
        'fight.enemies.0': { key: 'validation.unitNotInCombat' },
      },
    });
  });

  it('finds the limits of every plan, the number of campaigns aside', () => {
    const prepared = prepareImport(gameDataExport.parse(campaignFile({ units: 11 })), ids);
    expect(prepared.limits.Hero).toEqual([]);
    expect(prepared.limits.Novice.map((problem) => problem.field)).toContain('units');
    expect(prepared.limits.Novice.map((problem) => problem.field)).not.toContain('campaigns');
  });

  it('cuts long rules into pieces of at most IMPORT_CHUNK_BYTES, never inside a surrogate pair', () => {
    const rules = `${'竜'.repeat(349_524)}😀${'😀'.repeat(300_000)}`;
    const pieces = textPieces(rules);
    expect(pieces.join('')).toBe(rules);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) {
      expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(IMPORT_CHUNK_BYTES);
      // No lone surrogate at either end: a pair cut in two would not survive UTF-8.
      expect(Buffer.from(piece).toString()).toBe(piece);
    }
    expect(textPieces('')).toEqual([]);
  });
});
