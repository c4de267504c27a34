// The account as data (decision 024): everything it holds in one download, and its
// deletion — the subscription cancelled at the provider, then every row that names the user.
import type { AccountExport } from '@questkeeper/core/schemas/game-data-export';
import type { Db } from '../../db/client';
import { findSubscriptionOfUser } from '../../db/shared/subscriptions';
import { findUserById, lockUser } from '../../db/shared/users';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/passwords';
import type { Mailer } from '../mail/mailer';
import { accountDeletedMail } from '../mail/templates';
import type { PaymentProvider } from '../payments/provider';
import { toAccountExport } from './presenter';
import * as repo from './repository';
import type { UserDataService } from './service';

export type AccountDataService = ReturnType<typeof createAccountDataService>;

export function createAccountDataService(deps: {
  db: Db;
  userData: UserDataService;
  provider: PaymentProvider;
  mailer: Mailer;
  /** Told once an account is gone, so sessions this process has cached stop working at once. */
  onAccountDeleted: (userId: string) => void;
}) {
  const { db, userData, provider, mailer } = deps;

  return {
    async exportAccount(userId: string): Promise<AccountExport> {
      return db.transaction(async (tx) => {
        const user = await findUserById(tx, userId);
        if (!user) throw new AppError('UNAUTHENTICATED');
        const billing = await findSubscriptionOfUser(tx, userId);
        return toAccountExport(user, billing, await userData.exportCampaigns(tx, userId));
      });
    },

    /**
     * Deletes the account after checking its password. The subscription is cancelled first: if the
     * provider cannot be reached the answer is 503 and nothing is deleted, so nobody is billed for an
     * account that no longer exists. Then one transaction under the user's row lock (parallel imports
     * and creates wait, then find no user) deletes every row, and a confirmation mail is queued.
     */
    async deleteAccount(userId: string, password: string): Promise<void> {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('UNAUTHENTICATED');
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw new AppError('WRONG_PASSWORD', {}, { password: { key: 'errors.WRONG_PASSWORD' } });
      }
      await provider.cancelSubscription(await findSubscriptionOfUser(db, userId));
      const deleted = await db.transaction(async (tx) => {
        if (!(await lockUser(tx, userId))) return false;
        return repo.deleteAccount(tx, userId, user.email);
      });
      deps.onAccountDeleted(userId);
      if (!deleted) throw new AppError('UNAUTHENTICATED');
      // After the deletion, so the deletion cannot take it: the one row that names the address
      // afterwards (decision 024). Off the request path: a mail problem never fails the deletion.
      mailer.defer('account deleted mail', () =>
        mailer.send({ to: user.email, ...accountDeletedMail(user.language, user.email) }),
      );
    },
  };
}
