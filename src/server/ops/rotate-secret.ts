import { getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { appTables, ident, type Queryable } from '../db/backup-catalog.ts';
import {
  gmailAuthorizations,
  gmailTokens,
  mailSends,
  notionConnections,
} from '../db/schema/index.ts';
import { GMAIL_REVOKE_JOB, TOKEN_PURPOSE as GMAIL_TOKEN } from '../features/gmail/gmail.service.ts';
import { SEND_BODY_PURPOSE } from '../features/mail-sends/mail-sends.service.ts';
import { TOKEN_PURPOSE as NOTION_TOKEN } from '../features/notion/notion.service.ts';
import { keyId, seal, sealedKeyId, unseal } from '../lib/seal.ts';
import { MAIL_SEND_JOB } from '../mail/mail-job.ts';

// A place missing here is caught: assertNoneLeft rolls the rotation back.
const SEALED_COLUMNS: { table: PgTable; key: PgColumn; columns: [PgColumn, string][] }[] = [
  {
    table: gmailTokens,
    key: gmailTokens.id,
    columns: [
      [gmailTokens.accessToken, GMAIL_TOKEN],
      [gmailTokens.refreshToken, GMAIL_TOKEN],
    ],
  },
  {
    table: gmailAuthorizations,
    key: gmailAuthorizations.stateHash,
    columns: [[gmailAuthorizations.codeVerifierSealed, 'gmail-pkce']],
  },
  { table: mailSends, key: mailSends.id, columns: [[mailSends.bodySealed, SEND_BODY_PURPOSE]] },
  {
    table: notionConnections,
    key: notionConnections.userId,
    columns: [[notionConnections.tokenSealed, NOTION_TOKEN]],
  },
];

// Finished jobs keep no payload.
const SEALED_JOB_FIELDS = [
  { type: MAIL_SEND_JOB, field: 'body', purpose: 'mail-body' },
  { type: GMAIL_REVOKE_JOB, field: 'token', purpose: GMAIL_TOKEN },
];

interface SealedValue {
  place: string;
  purpose: string;
  value: string;
  replace(db: Queryable, sealed: string): Promise<unknown>;
}

async function sealedValues(db: Queryable, lock: boolean): Promise<SealedValue[]> {
  const forUpdate = lock ? 'for update' : '';
  const found: SealedValue[] = [];
  for (const { table, key, columns } of SEALED_COLUMNS) {
    const name = ident(getTableName(table));
    for (const [column, purpose] of columns) {
      const { rows } = await db.query<{ key: string; value: string }>(
        `select ${ident(key.name)} as key, ${ident(column.name)} as value from ${name}
          where ${ident(column.name)} is not null ${forUpdate}`,
      );
      for (const row of rows) {
        found.push({
          place: `${getTableName(table)}.${column.name}`,
          purpose,
          value: row.value,
          replace: (db, sealed) =>
            db.query(
              `update ${name} set ${ident(column.name)} = $1 where ${ident(key.name)} = $2`,
              [sealed, row.key],
            ),
        });
      }
    }
  }
  for (const { type, field, purpose } of SEALED_JOB_FIELDS) {
    const { rows } = await db.query<{ id: string; value: string }>(
      `select id::text as id, payload->>$2 as value from jobs
        where type = $1 and jsonb_typeof(payload->$2) = 'string' ${forUpdate}`,
      [type, field],
    );
    for (const row of rows) {
      found.push({
        place: `jobs.payload.${field}`,
        purpose,
        value: row.value,
        replace: (db, sealed) =>
          db.query(
            'update jobs set payload = jsonb_set(payload, array[$1], to_jsonb($2::text)) where id = $3',
            [field, sealed, row.id],
          ),
      });
    }
  }
  return found;
}

export async function sealedKeyCensus(db: Queryable): Promise<Map<string, number>> {
  const census = new Map<string, number>();
  for (const { value } of await sealedValues(db, false)) {
    const id = sealedKeyId(value) ?? 'v1';
    census.set(id, (census.get(id) ?? 0) + 1);
  }
  return census;
}

export interface RotationResult {
  resealed: number;
  alreadyNew: number;
  unknown: Map<string, number>;
}

export class RotationError extends Error {}

// Decision 019: idempotent, so a run after a crash finishes the job; all or nothing.
export async function resealAll(
  client: pg.ClientBase,
  secrets: { from: readonly Buffer[]; to: Buffer },
): Promise<RotationResult> {
  const newId = keyId(secrets.to);
  const oldIds = [...new Set(secrets.from.map(keyId))].filter((id) => id !== newId);
  const result: RotationResult = { resealed: 0, alreadyNew: 0, unknown: new Map() };
  await client.query('begin');
  try {
    for (const item of await sealedValues(client, true)) {
      const id = sealedKeyId(item.value);
      if (id === newId) {
        result.alreadyNew++;
        continue;
      }
      const plain =
        id && !oldIds.includes(id) ? undefined : unseal(secrets.from, item.purpose, item.value);
      if (plain === undefined) {
        if (id && oldIds.includes(id)) {
          throw new RotationError(
            `A value in ${item.place} is sealed under the old secret but does not open with it ` +
              '(damaged?). Nothing was changed.',
          );
        }
        const name = id ?? 'v1';
        result.unknown.set(name, (result.unknown.get(name) ?? 0) + 1);
        continue;
      }
      await item.replace(client, seal(secrets.to, item.purpose, plain));
      result.resealed++;
    }
    await assertNoneLeft(client, oldIds);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

async function assertNoneLeft(db: Queryable, oldIds: readonly string[]) {
  for (const { name } of await appTables(db)) {
    for (const id of oldIds) {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from ${ident(name)} t where strpos(t::text, $1) > 0`,
        [`v2.${id}.`],
      );
      if ((rows[0]?.n ?? 0) > 0) {
        throw new RotationError(
          `Table ${name} holds ${rows[0]?.n} value(s) sealed under the old secret in a place ` +
            'rotate-secret does not know. Nothing was changed.',
        );
      }
    }
  }
}
