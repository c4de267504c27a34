// The ZIP reader's own rules (zip-files.ts): which names stay inside the archive's folder, and what
// a damaged, empty or foreign archive answers — before any route is involved.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { isSafeZipName, isZip, readZipJson } from './zip-files';

describe('ZIP names', () => {
  it.each([
    ['characters/aria_12.json', true],
    ['export/campaign.json', true],
    ['a..b.json', true],
    ['../up.json', false],
    ['characters/../../up.json', false],
    ['/etc/passwd.json', false],
    ['C:/windows.json', false],
    ['c:up.json', false],
    ['characters\\aria.json', false],
    ['nul\u0000.json', false],
    ['', false],
  ])('%j is safe: %s', (name, safe) => {
    expect(isSafeZipName(name)).toBe(safe);
  });
});

describe('reading a ZIP', () => {
  it('keeps the JSON files by path, leaves unsafe names out by name, never unpacks other files', () => {
    const bytes = zipSync({
      'a/b.json': strToU8('{"x": 1}'),
      '../c.json': strToU8('{"y": 2}'),
      'image.webp': new Uint8Array([1, 2, 3]),
    });
    expect(isZip(bytes)).toBe(true);
    const read = readZipJson(bytes);
    expect(read.ok && read.files.files).toEqual([{ path: 'a/b.json', json: { x: 1 } }]);
    expect(read.ok && read.files.ignored).toEqual(['../c.json']);
  });

  it('an empty ZIP has no files; bytes that are no ZIP are damaged', () => {
    const empty = readZipJson(zipSync({}));
    expect(empty.ok && empty.files.files).toEqual([]);
    expect(readZipJson(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0]))).toEqual({
      ok: false,
      code: 'IMPORT_ZIP_MALFORMED',
    });
    expect(isZip(strToU8('{"a": 1}'))).toBe(false);
  });
});
