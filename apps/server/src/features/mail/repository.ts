import { mailListSpec, type MailItem, type MailStatus } from '@dnx/shared';
import { count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { applyList, defineList, listReads, type ListSource } from '../../lib/list/list-query';

export const mailList = defineList({
  spec: mailListSpec,
  filters: { status: mailOutbox.status, kind: mailOutbox.kind },
  orderBy: { id: mailOutbox.id, created_at: mailOutbox.createdAt },
  search: [mailOutbox.to, mailOutbox.subject],
  defaultOrderBy: 'id',
  tieBreaker: mailOutbox.id,
});

// Never the body: a reset link is a credential.
const columns = {
  id: mailOutbox.id,
  kind: mailOutbox.kind,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  lastError: mailOutbox.lastError,
  requestId: mailOutbox.requestId,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};

type Row = {
  id: number;
  kind: string;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  requestId: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

const asItem = (row: Row): MailItem => ({
  id: row.id,
  kind: row.kind,
  to: row.to,
  subject: row.subject,
  status: row.status as MailStatus,
  attempts: row.attempts,
  next_attempt_at: row.nextAttemptAt.toISOString(),
  last_error: row.lastError,
  request_id: row.requestId,
  created_at: row.createdAt.toISOString(),
  sent_at: row.sentAt?.toISOString() ?? null,
});

export function mailSource(db: Executor): ListSource<MailItem> {
  return {
    count: async (where) => {
      const [row] = await db.select({ n: count() }).from(mailOutbox).where(where);
      return row?.n ?? 0;
    },
    rows: async (where, orderBy, window) =>
      (await applyList(db.select(columns).from(mailOutbox).$dynamic(), where, orderBy, window)).map((row) =>
        asItem(row as Row),
      ),
    ...listReads(db, (selected) => db.select(selected).from(mailOutbox).$dynamic()),
  };
}

/** One mail as the list shows it; null when there is none. */
export async function readMail(db: Executor, id: number): Promise<MailItem | null> {
  const [row] = await db.select(columns).from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ? asItem(row as Row) : null;
}
