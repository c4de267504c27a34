import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authUser, billingInfo, forgotPasswordResponse } from '@questkeeper/core/schemas/auth';
import { campaign, campaignLimit } from '@questkeeper/core/schemas/campaigns';
import { combatResponse } from '@questkeeper/core/schemas/combat';
import { errorBody, messageResponse } from '@questkeeper/core/schemas/common';
import { health } from '@questkeeper/core/schemas/health';
import { redirectUrl } from '@questkeeper/core/schemas/payments';
import { generateResponse, unit } from '@questkeeper/core/schemas/units';
import { compileFast } from './serializer';

describe('fast response serializer', () => {
  it.each(
    Object.entries({
      authUser,
      billingInfo,
      forgotPasswordResponse,
      campaigns: z.array(campaign),
      campaignLimit,
      combatResponse,
      errorBody,
      messageResponse,
      health,
      redirectUrl,
      units: z.array(unit),
      generateResponse,
    }),
  )('compiles a fast path for %s (no silent fallback to zod)', (_name, schema) => {
    expect(compileFast(schema)).toBeTypeOf('function');
  });

  it('keeps declared fields only, at every depth, and leaves values alone', () => {
    const serialize = compileFast(billingInfo)!;
    const out = JSON.parse(
      serialize({
        email: 'a@b.test',
        passwordHash: 'secret',
        address: {
          line1: '1 "Road" <b>',
          line2: null,
          city: 'Lyon',
          postal_code: '1',
          country: 'FR',
          extra: 1,
        },
      }),
    );
    expect(out).toEqual({
      email: 'a@b.test',
      address: { line1: '1 "Road" <b>', line2: null, city: 'Lyon', postal_code: '1', country: 'FR' },
    });
    expect(JSON.parse(serialize({ email: 'a@b.test', address: null }))).toEqual({
      email: 'a@b.test',
      address: null,
    });
  });

  it('copies record entries as plain data, whatever their names', () => {
    const serialize = compileFast(generateResponse)!;
    const characteristics = Object.fromEntries([
      ['constructor', 1],
      ['Luck', 2],
    ]);
    expect(JSON.parse(serialize({ characteristics, hidden: true }))).toEqual({
      characteristics: { constructor: 1, Luck: 2 },
    });
  });
});
