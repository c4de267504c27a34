// docs/decisions/064: secret blocks never reach players. Markdown drawn by fast-check (nested lists, code
// fences, HTML, other containers, any line breaks, blocks left open) fills a rules section, a unit's
// notes, a race's note and a handout; each is revealed, and neither the raw JSON of GET /api/play/{token}
// nor any byte of its event stream (a real socket) may hold a word written inside a secret block.
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerViewPayload } from '@questkeeper/core/schemas/player-view';
import type { RevealResponse } from '@questkeeper/core/schemas/reveals';
import { secretMarkdown } from '@questkeeper/core/text/secret-blocks.arbitrary';
import { campaigns, units } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { openPlayerStream, type PlayerStream } from '../../../test/support/player-stream-client';
import { secretFight, shareLink, type Fight } from '../../../test/support/player-view-fixtures';
import { ok, revealClient, storeImage } from '../../../test/support/reveal-fixtures';

let ctx: TestContext;
let fight: Fight;
let token: string;
let stream: PlayerStream;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  fight = await secretFight(ctx);
  token = await shareLink(ctx, fight);
  stream = openPlayerStream((ctx.app.server.address() as AddressInfo).port, token);
});
afterAll(async () => {
  stream?.close();
  await ctx?.close();
});

describe('secret blocks in reveals', () => {
  it('never reach the player JSON or stream, whatever the markdown', async () => {
    expect(await stream.status).toBe(200);
    const api = revealClient(ctx, fight);
    const enemy = fight.units[2]!;
    const picture = await storeImage(ctx, fight, 'handout');
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          rules: secretMarkdown,
          notes: secretMarkdown,
          race: secretMarkdown,
          handout: secretMarkdown,
        }),
        async (drawn) => {
          run += 1;
          // This run's bytes only, so a shrunk counterexample is the run that leaked.
          const from = stream.raw().length;
          // A word of this run's own in each public part, to see the run arrive and not pass by luck.
          const mark = `zrun${run}x`;
          await ctx.app.database.db
            .update(campaigns)
            .set({
              rules: `# Lore\n${mark}\n${drawn.rules.markdown}\n# After\nnot in the section`,
              races: [{ _id: 'r', name: 'Elf', note: `${mark}\n${drawn.race.markdown}` }],
            })
            .where(eq(campaigns.id, fight.table.campaignId));
          await ctx.app.database.db
            .update(units)
            .set({ notes: `${mark}\n${drawn.notes.markdown}` })
            .where(eq(units.id, enemy.id));
          const bodies = [
            { kind: 'rules-section', ref: 'lore' },
            { kind: 'unit', ref: enemy.id },
            { kind: 'list-entry', ref: 'races:Elf' },
            { kind: 'handout', title: `Letter ${mark}`, text: drawn.handout.markdown, imageId: picture.id },
          ] as const;
          const ids: string[] = [];
          for (const body of bodies) ids.push(ok<RevealResponse>(await api.reveal(body))._id);

          try {
            const response = await ctx.app.inject({ url: `/api/play/${token}` });
            expect(response.statusCode).toBe(200);
            const payload = response.json<PlayerViewPayload>();
            expect(payload.revealed.slice(0, 4).map((item) => item.kind)).toEqual([
              'handout',
              'list-entry',
              'unit',
              'rules-section',
            ]);
            expect(payload.revealed.slice(1, 4).every((item) => item.text.includes(mark))).toBe(true);
            for (const word of drawn.handout.publicWords) expect(response.body).toContain(word);
            expect(response.body).not.toMatch(/zsecret/);
            await stream.until((event) => JSON.stringify(event).includes(`Letter ${mark}`));
            expect(stream.raw().slice(from)).not.toMatch(/zsecret/);
          } finally {
            // Handouts have no ref, so each run adds one: hide it to stay within the plan's limit.
            expect((await api.hide(ids[3]!)).statusCode).toBe(204);
          }
        },
      ),
      { numRuns: 25 },
    );
    expect(stream.raw()).toContain('zpublic');
    expect(stream.raw()).not.toMatch(/zsecret/);
  });
});
