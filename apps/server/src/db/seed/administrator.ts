import { isEmail, passwordProblem } from '@dnx/shared';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords';
import type { Database } from '../client';
import { groups, userGroups, users } from '../schema';

export class AdministratorInputError extends Error {}

/**
 * Makes (or re-activates) an administrator: the first account of a production database. The password follows
 * the spec's rules; an existing account with that e-mail gets the password, is activated and joins the group.
 */
export async function createAdministrator(
  db: Database,
  input: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<{ id: number; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  if (!isEmail(email)) throw new AdministratorInputError('Give a valid --email.');
  const problem = passwordProblem(input.password);
  if (problem) throw new AdministratorInputError(problem);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [admin] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.code, 'admin'));
    if (!admin) throw new AdministratorInputError('The administrator group is missing: run the migrations first.');
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    const [user] = existing
      ? await tx
          .update(users)
          .set({ passwordHash, isActive: true })
          .where(eq(users.id, existing.id))
          .returning({ id: users.id })
      : await tx
          .insert(users)
          .values({ email, passwordHash, firstName: input.firstName ?? '', lastName: input.lastName ?? '' })
          .returning({ id: users.id });
    await tx.insert(userGroups).values({ userId: user!.id, groupId: admin.id }).onConflictDoNothing();
    return { id: user!.id, created: !existing };
  });
}
