// Portrait upload (issue #34, docs/benchmarks.md#portraits): a 4–5 MB JPEG (photographic noise, quality
// 95, so it cannot compress away) through PUT /api/units/{id}/portrait in process (`app.inject`), from
// the request to the portrait stored and the answer sent. Target ≤ 1 s. Floor, measured in the same loop:
// sharp's own pipeline on the same bytes alone (the decode, resize and WebP encode every upload needs), so the
// ratio is what the route, the body parser and the transaction add. PGlite. Part of `npm run bench`;
// alone: `npm run bench:images -w bench`. It exits 0 whatever the figures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES } from '@questkeeper/core/limits';
import { openDatabase } from '../../../server/src/db/client';
import { benchApp, heroOn } from '../seed';
import { grid, median, ms, percentile, ratio, verdict } from '../shared/figures';

const RUNS = Number(process.env.BENCH_IMAGE_RUNS ?? 7);
const TARGET_MS = 1_000;
const MB = 1024 * 1024;

/** A JPEG of noise between 4 MB and the 5 MB limit. */
async function fourMegabyteJpeg(): Promise<Buffer> {
  let side = 1900;
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const pixels = Buffer.alloc(side * side * 3);
    let seed = 12345;
    for (let i = 0; i < pixels.length; i += 1) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      pixels[i] = seed >> 23;
    }
    const jpeg = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    if (jpeg.length >= 4 * MB && jpeg.length <= IMAGE_MAX_BYTES) return jpeg;
    side = Math.round(side * Math.sqrt((4.5 * MB) / jpeg.length));
  }
  throw new Error('could not make a 4–5 MB JPEG');
}

export async function benchPortraitUpload() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-images-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const app = await benchApp(database, { NODE_ENV: 'production' });
  try {
    const jpeg = await fourMegabyteJpeg();
    const { auth } = await heroOn(app, database, 'portrait');
    const campaign = await app.inject({
      method: 'POST',
      url: '/api/game-data',
      headers: auth,
      payload: { name: 'Portraits' },
    });
    const created = campaign.json<{ _id: string; races: { name: string }[]; classes: { name: string }[] }>();
    const campaignId = created._id;
    const unit = await app.inject({
      method: 'POST',
      url: '/api/units',
      headers: { ...auth, 'x-campaign-id': campaignId },
      payload: { name: 'Brenna', race: created.races[0]!.name, class: created.classes[0]!.name },
    });
    if (campaign.statusCode !== 201 || unit.statusCode !== 201)
      throw new Error(
        `setup failed: ${campaign.statusCode} ${campaign.body.slice(0, 200)} ${unit.body.slice(0, 200)}`,
      );
    const unitId = unit.json<{ _id: string }>()._id;
    const upload = async () => {
      const start = performance.now();
      const answer = await app.inject({
        method: 'PUT',
        url: `/api/units/${unitId}/portrait`,
        headers: { ...auth, 'content-type': 'image/jpeg' },
        payload: jpeg,
      });
      const took = performance.now() - start;
      if (answer.statusCode !== 200) throw new Error(`upload answered ${answer.statusCode}: ${answer.body}`);
      return took;
    };
    const floor = async () => {
      const start = performance.now();
      // What server/src/lib/image-processing.ts does to a portrait (the bench may not import it).
      await sharp(jpeg, { limitInputPixels: 40_000_000, failOn: 'error', pages: 1 })
        .rotate()
        .resize({ width: 512, height: 512, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82, effort: 2 })
        .toBuffer();
      return performance.now() - start;
    };
    await upload();
    await floor();
    const times = { upload: [] as number[], floor: [] as number[] };
    for (let run = 0; run < RUNS; run += 1) {
      times.upload.push(await upload());
      times.floor.push(await floor());
    }
    console.log(
      `\nPortrait upload (issue #34): a ${(jpeg.length / MB).toFixed(2)} MB JPEG, ${RUNS} runs, PGlite, in process (ms):\n`,
    );
    console.log(
      grid(
        ['', 'n', 'p50', 'max', 'p50 / floor p50', 'target', 'verdict'],
        [
          [
            'PUT /api/units/{id}/portrait → stored',
            String(RUNS),
            ms(median(times.upload)),
            ms(percentile(times.upload, 100)),
            ratio(median(times.upload), median(times.floor)),
            `≤ ${TARGET_MS}`,
            verdict(percentile(times.upload, 100), TARGET_MS),
          ],
          [
            '  floor: the same sharp pipeline alone',
            String(RUNS),
            ms(median(times.floor)),
            ms(percentile(times.floor, 100)),
            '1.00 ×',
            '',
            '',
          ],
        ],
        1,
      ),
    );
    console.log(
      `(load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchPortraitUpload().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
