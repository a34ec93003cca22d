import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { User } from '../../../shared/schemas/auth.ts';
import type { Db, Executor } from '../../db/open.ts';
import { settings, users } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';

export type UserRow = typeof users.$inferSelect;

/** What `request.user` (and the session cache) holds: never a password or a hash. */
export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  emailVerified: users.emailVerified,
  accountId: users.accountId,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
export type SessionUser = Pick<UserRow, keyof typeof sessionUserColumns>;

const ACCOUNT_ID_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** A short, readable account id such as HB-7K4M-Q2ZP (no 0/O or 1/I to misread). */
export function newAccountId(): string {
  const pick = () => ACCOUNT_ID_ALPHABET[randomInt(ACCOUNT_ID_ALPHABET.length)];
  const part = () => Array.from({ length: 4 }, pick).join('');
  return `HB-${part()}-${part()}`;
}

type AdminFields = Pick<SessionUser, 'isAdmin' | 'email' | 'emailVerified'>;

/** ADMIN_EMAILS counts once the address is proven by a mailed link (decision 028). */
export const isAdminUser = (row: AdminFields, adminEmails: readonly string[]) =>
  row.isAdmin || (row.emailVerified && adminEmails.includes(row.email.toLowerCase()));

export const awaitsAdminConfirmation = (row: AdminFields, adminEmails: readonly string[]) =>
  !isAdminUser(row, adminEmails) && adminEmails.includes(row.email.toLowerCase());

export function toUser(row: SessionUser, adminEmails: readonly string[]): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    emailVerified: row.emailVerified,
    accountId: row.accountId,
    isAdmin: isAdminUser(row, adminEmails),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  timeZone: string;
}

/** Undefined when the e-mail is taken. */
export async function createUser(db: Db, input: NewUser): Promise<UserRow | undefined> {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash: input.passwordHash,
        firstName: input.firstName || null,
        lastName: input.lastName || null,
        accountId: newAccountId(),
        emailVerified: false,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return undefined;
    await tx.insert(settings).values({ userId: row.id, timeZone: input.timeZone });
    return row;
  });
}

export async function setAdmin(db: Db, email: string, isAdmin: boolean): Promise<boolean> {
  const result = await db
    .update(users)
    .set({ isAdmin })
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .returning({ id: users.id });
  return result.length > 0;
}

/** Only while the checked hash is still stored: of two racing changes, one wins. */
export async function replacePassword(
  db: Executor,
  userId: number,
  newHash: string,
  checked: { passwordHash: string } | { temporaryPasswordHash: string },
): Promise<boolean> {
  const guard =
    'passwordHash' in checked
      ? eq(users.passwordHash, checked.passwordHash)
      : eq(users.temporaryPasswordHash, checked.temporaryPasswordHash);
  const rows = await db
    .update(users)
    .set({
      passwordHash: newHash,
      temporaryPasswordHash: null,
      temporaryPasswordExpiresAt: null,
      temporaryPasswordAttempts: 0,
    })
    .where(and(eq(users.id, userId), guard))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Only while it is still the user's address. */
export async function markEmailVerified(db: Executor, userId: number, email: string) {
  const rows = await db
    .update(users)
    .set({ emailVerified: true })
    .where(and(eq(users.id, userId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .returning({ id: users.id });
  return rows.length > 0;
}
