import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

export async function findOwnAccount(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: users.id, phone: users.phone, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function setPhone(db: Executor, userId: number, phone: string) {
  await db.update(users).set({ phone }).where(eq(users.id, userId));
}
