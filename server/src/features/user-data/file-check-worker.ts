// The import's worker thread (decision 047): reads one file at a time off the main thread, so a
// 30 MB file never holds the event loop that answers everyone else. The file's bytes arrive
// transferred (not copied); the answer goes back as plain data.
import { parentPort } from 'node:worker_threads';
import { checkCampaignFile } from './file-check';

if (!parentPort) throw new Error('file-check-worker.ts runs as a worker thread only');
const port = parentPort;
port.on('message', ({ id, bytes }: { id: number; bytes: Uint8Array }) => {
  try {
    port.postMessage({ id, check: checkCampaignFile(bytes) });
  } catch (error) {
    port.postMessage({ id, failure: error instanceof Error ? error.message : String(error) });
  }
});
