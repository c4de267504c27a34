// The import's worker pool (decision 047): files are checked in a worker thread, moved there rather
// than copied; a stuck worker is ended and the next import gets a new one.
import { afterEach, describe, expect, it } from 'vitest';
import { campaignFile } from '../../../test/support/user-data-fixtures';
import { createFileCheckPool, type FileChecker } from './file-check-pool';

const pools: FileChecker[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});
function pool(options: Parameters<typeof createFileCheckPool>[0] = {}) {
  const created = createFileCheckPool(options);
  pools.push(created);
  return created;
}
const fileBytes = () => new Uint8Array(Buffer.from(JSON.stringify(campaignFile({ units: 1 }))));

describe('import file check pool', () => {
  it('checks a file in a worker thread, moving its bytes there', async () => {
    const checker = pool();
    const bytes = fileBytes();
    const check = checker.check(bytes);
    // Transferred: this thread no longer holds the file.
    expect(bytes.byteLength).toBe(0);
    await expect(check).resolves.toMatchObject({ ok: true, prepared: { campaign: { name: 'Imported' } } });
    await expect(checker.check(Buffer.from('{"x": '))).resolves.toEqual({
      ok: false,
      code: 'MALFORMED_JSON',
    });
  });

  it('takes a file in the blocks it was read into, moving each one', async () => {
    const checker = pool();
    const whole = fileBytes();
    const blocks = [whole.slice(0, 10), whole.slice(10, 11), whole.slice(11)];
    const check = await checker.check(blocks);
    expect(blocks.map((block) => block.byteLength)).toEqual([0, 0, 0]);
    expect(check).toMatchObject({ ok: true, prepared: { campaign: { name: 'Imported' } } });
  });

  it('answers 503 when a check takes too long, ending that worker; the next file gets another', async () => {
    const failures: string[] = [];
    const checker = pool({ timeoutMs: 1, onFailure: (reason) => failures.push(reason) });
    await expect(checker.check(fileBytes())).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await expect(checker.check(fileBytes())).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(failures).toEqual(['import check took over 1 ms', 'import check took over 1 ms']);
  });

  it('answers 503 at once when its queue is full, and to files still waiting when it closes', async () => {
    const checker = createFileCheckPool({ size: 1, queueMax: 1 });
    const first = checker.check(fileBytes()).catch((error: unknown) => error);
    const waiting = checker.check(fileBytes()).catch((error: unknown) => error);
    await expect(checker.check(fileBytes())).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await checker.close();
    expect(await first).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await waiting).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
