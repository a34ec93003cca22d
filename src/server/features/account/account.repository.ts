import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/open.ts';
import { users } from '../../db/schema/index.ts';

export async function findPasswordHash(db: Executor, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row?.passwordHash;
}

/** Foreign keys cascade to everything the user owns (settings, sessions, employers, …). */
export async function deleteUser(db: Executor, userId: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}
