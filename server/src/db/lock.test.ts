import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock';
import { openDatabase } from './client';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('DATA_DIR lock', () => {
  it('refuses a second holder in the same process and frees the folder on release', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
    const again = acquireDataDirLock(dir);
    again();
  });

  it('refuses while another live process holds it, with a message naming the folder and pid', async () => {
    const dir = tempDir();
    // A live process that is not us: write its pid as the holder.
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(dir, 'questkeeper.lock'), String(child.pid));
      let error: unknown;
      try {
        acquireDataDirLock(dir);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as Error).message).toContain(dir);
      expect((error as Error).message).toContain(`pid ${child.pid}`);
      expect((error as Error).message).toMatch(/set DATA_DIR to another folder/);
    } finally {
      child.kill();
    }
  });

  it('takes over a lock left by a process that died', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await new Promise((resolve) => child.on('exit', resolve));
    fs.writeFileSync(path.join(dir, 'questkeeper.lock'), String(child.pid));
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'questkeeper.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'questkeeper.lock'))).toBe(false);
  });

  it('keeps a PGlite database on disk across reopen, and refuses a parallel open', async () => {
    const dir = tempDir();
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();
    const second = await openDatabase({ kind: 'pglite', dataDir: dir });
    expect(await second.ping()).toBe(true);
    await second.close();
  });
});
