// The mail outbox's depth for the metrics endpoint (docs/operations.md): one grouped count per
// scrape, reading no user data. The mail feature registers it (docs/decisions/055-one-shared-state-layer.md).
import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { GaugeSpec } from '../../infra/gauges';

const STATUSES = ['demo', 'pending', 'sent', 'dead'] as const;

export function mailOutboxGauge(db: Db): GaugeSpec {
  return {
    name: 'questkeeper_mail_outbox_messages',
    help: 'Messages in mail_outbox by status (demo, pending, sent, dead).',
    labelNames: ['status'],
    async read() {
      const rows = await db
        .select({ status: mailOutbox.status, messages: count() })
        .from(mailOutbox)
        .groupBy(mailOutbox.status);
      const byStatus = new Map<string, number>(STATUSES.map((status) => [status, 0]));
      for (const row of rows) byStatus.set(row.status, row.messages);
      return [...byStatus].map(([status, value]) => ({ labels: { status }, value }));
    },
  };
}
