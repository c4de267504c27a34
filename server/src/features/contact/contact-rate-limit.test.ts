import { afterAll, beforeAll, expect, it } from 'vitest';
import { RATE_LIMIT_RULES } from '../../plugins/rate-limit';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';

// Its own app: the other contact tests run with rate limits off.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
});
afterAll(async () => ctx?.close());

it('limits contact messages per email: the last allowed one passes, the next answers 429', async () => {
  const user = await registerUser(ctx.app);
  const send = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/contact/send',
      payload: { subject: 'Hi', message: 'again' },
      headers: bearer(user.token),
    });
  for (let i = 0; i < RATE_LIMIT_RULES.contact.perEmail; i += 1) expect((await send()).statusCode).toBe(200);
  const refused = await send();
  expect(refused.statusCode).toBe(429);
  expect(errorOf(refused).code).toBe('RATE_LIMITED');
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
});
