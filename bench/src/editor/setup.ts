// The account the editor benchmark reads and types as, made through the API as a user would: register,
// reach Hero through the demo checkout (the same two requests as upgradeViaDemo in
// e2e/support/helpers.ts), create a campaign, then save the 600,000-character rulebook as its rules.
import { call, createHero } from '../shared/api';

export interface BenchAccount {
  /** The value of localStorage 'questkeeper.session': `{ token, user }`. */
  session: string;
  campaignId: string;
}

export async function createAccount(origin: string, rules: string): Promise<BenchAccount> {
  const { token, session } = await createHero(origin, 'editor');

  const campaign = await call<{ _id: string }>(origin, 'POST', '/api/game-data', {
    token,
    json: { name: 'The Sunken Crown', template: 'default' },
    expect: 201,
  });
  const saved = await call<{ rules: string }>(origin, 'PUT', `/api/game-data/${campaign._id}`, {
    token,
    json: { rules },
    expect: 200,
  });
  if (saved.rules !== rules) throw new Error('the saved rules differ from the rulebook sent');
  return { session, campaignId: campaign._id };
}
