// The import's worker thread (decision 047): reads one file at a time off the main thread, so a
// 30 MB file never holds the event loop that answers everyone else. The file arrives as the blocks
// the request was read into (transferred, not copied); a good file goes back as the rows it becomes,
// its large parts as UTF-8 chunks in one transferred buffer (import-rows.ts), so the main thread
// never has megabytes of values to receive at once.
import { parentPort } from 'node:worker_threads';
import { checkCampaignFile, type FileCheckOptions } from './file-check';
import type { ImportCheck } from './file-check-pool';
import { prepareImport } from './import-rows';

if (!parentPort) throw new Error('file-check-worker.ts runs as a worker thread only');
const port = parentPort;
port.on(
  'message',
  ({ id, blocks, options }: { id: number; blocks: Uint8Array[]; options?: FileCheckOptions }) => {
    try {
      const check = checkCampaignFile(blocks.length === 1 ? blocks[0]! : Buffer.concat(blocks), options);
      if (!check.ok) {
        port.postMessage({ id, check });
        return;
      }
      const prepared = prepareImport(check.file, undefined, check.images);
      const answer: ImportCheck = { ok: true, prepared, summary: check.summary };
      // A campaign archive's images each have their own buffer (campaign-archive.ts): moved too.
      const images = prepared.images.map((image) => image.bytes.buffer as ArrayBuffer);
      port.postMessage({ id, check: answer }, [prepared.bytes.buffer as ArrayBuffer, ...images]);
    } catch (error) {
      port.postMessage({ id, failure: error instanceof Error ? error.message : String(error) });
    }
  },
);
