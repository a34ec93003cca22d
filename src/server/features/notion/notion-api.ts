import { createHash } from 'node:crypto';
import { APIErrorCode, APIResponseError, Client, LogLevel } from '@notionhq/client';
import { sql } from 'drizzle-orm';
import { NOTION_PROPERTIES, type NotionPropertyType } from '../../../shared/schemas/notion.ts';
import type { Db } from '../../db/open.ts';
import { rateLimitEvents } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { RetryLaterError } from '../../jobs/types.ts';

/**
 * Notion calls (API 2025-09-03: pages belong to a database's data source). Every call, retries
 * included, goes through the token's pace (Notion allows about 3 a second per integration),
 * kept in PostgreSQL so all instances share it. The client's own retries are off: they cap a
 * Retry-After at 10 s and ignore the pace.
 */

export type NotionCapability = 'read_content' | 'insert_content' | 'update_content';

export const CAPABILITY_NAMES: Record<NotionCapability, string> = {
  read_content: 'Read content',
  insert_content: 'Insert content',
  update_content: 'Update content',
};

export const missingCapabilityState = (capability: NotionCapability) =>
  `missing_${capability}` as const;

export function capabilityOfState(state: string): NotionCapability | undefined {
  const capability = state.replace(/^missing_/, '');
  return state.startsWith('missing_') && capability in CAPABILITY_NAMES
    ? (capability as NotionCapability)
    : undefined;
}

export function capabilityAdvice(capability: NotionCapability): string {
  return `Your Notion integration lacks the “${CAPABILITY_NAMES[capability]}” capability. Turn it on in the integration’s settings in Notion (Capabilities), then connect again in Settings → Integrations.`;
}

/** Spacing of one token's calls: 350 ms is 2.9 a second, under Notion's average of three. */
export const PACE_MS = 350;
const MAX_PACE_WAIT_MS = 10_000;
/** The longest Retry-After honoured: Notion's per-connection window is a minute. */
export const MAX_RETRY_AFTER_MS = 60_000;
const SHORT_RETRY_AFTER_MS = 2_000;
/** Notion always sends a Retry-After with a 429; this is the fallback. */
const DEFAULT_RETRY_AFTER_MS = 1_000;
/** Tries of one call: the first and two retries (rate limits, or 5xx on reads). */
const MAX_TRIES = 3;

const tokenKey = (token: string) => createHash('sha256').update(token).digest('hex');
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface NotionPacer {
  /** How long until the token's next turn; not taken when more than `maxWaitMs` away. */
  reserve(key: string, maxWaitMs: number): Promise<{ waitMs: number; taken: boolean }>;
  hold(key: string, waitMs: number): Promise<void>;
}

// Turns are rows of rate_limit_events (bucket "notion-pace:<sha-256 of token>", created_at in
// the future while waiting); the bucket's advisory lock orders concurrent takes.
export function postgresPacer(db: Db): NotionPacer {
  const bucketOf = (key: string) => `notion-pace:${key}`;
  return {
    reserve: (key, maxWaitMs) =>
      transaction(db, async (tx) => {
        const bucket = bucketOf(key);
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${bucket}, 0))`);
        const result = await tx.execute<{ wait_ms: number }>(sql`
          select greatest(0, extract(epoch from
                   max(created_at) + ${PACE_MS} * interval '1 millisecond' - clock_timestamp())
                 * 1000)::float8 as wait_ms
            from ${rateLimitEvents}
           where bucket = ${bucket}`);
        const waitMs = Number(result.rows[0]?.wait_ms ?? 0);
        if (waitMs > maxWaitMs) return { waitMs, taken: false };
        await tx.execute(sql`
          insert into ${rateLimitEvents} (bucket, created_at)
          values (${bucket}, clock_timestamp() + ${waitMs} * interval '1 millisecond')`);
        await tx.execute(sql`
          delete from ${rateLimitEvents}
           where bucket = ${bucket} and created_at < clock_timestamp() - interval '1 minute'`);
        return { waitMs, taken: true };
      }),
    async hold(key, waitMs) {
      // A turn at (the end of the hold − PACE_MS): the next one comes at its end.
      await db.execute(sql`
        insert into ${rateLimitEvents} (bucket, created_at)
        values (${bucketOf(key)},
                clock_timestamp() + ${Math.round(waitMs - PACE_MS)} * interval '1 millisecond')`);
    },
  };
}

export function memoryPacer(): NotionPacer {
  const next = new Map<string, number>();
  return {
    async reserve(key, maxWaitMs) {
      const now = Date.now();
      const at = Math.max(now, next.get(key) ?? 0);
      if (at - now > maxWaitMs) return { waitMs: at - now, taken: false };
      next.set(key, at + PACE_MS);
      if (next.size > 10_000) next.clear();
      return { waitMs: at - now, taken: true };
    },
    async hold(key, waitMs) {
      next.set(key, Math.max(next.get(key) ?? 0, Date.now() + waitMs));
    },
  };
}

export class NotionRetryLater extends RetryLaterError {
  override name = 'NotionRetryLater';
}

export class NotionCapabilityMissing extends Error {
  override name = 'NotionCapabilityMissing';
  constructor(
    readonly capability: NotionCapability,
    options?: ErrorOptions,
  ) {
    super(`The integration lacks the “${CAPABILITY_NAMES[capability]}” capability`, options);
  }
}

/** Capped at MAX_RETRY_AFTER_MS: a 429 or 529 always, a 503 only when it names a wait. */
export function retryAfterMs(error: unknown): number | undefined {
  if (!APIResponseError.isAPIResponseError(error)) return undefined;
  const header = headerOf(error.headers, 'retry-after');
  let ms: number | undefined;
  if (header !== undefined && /^\s*\d+(\.\d+)?\s*$/.test(header)) ms = Number(header) * 1000;
  else if (header !== undefined && !Number.isNaN(Date.parse(header)))
    ms = Math.max(0, Date.parse(header) - Date.now());
  const limited = error.status === 429 || error.status === 529;
  if (ms === undefined && limited) ms = DEFAULT_RETRY_AFTER_MS;
  if (ms === undefined || !(limited || error.status === 503)) return undefined;
  return Math.min(ms, MAX_RETRY_AFTER_MS);
}

function headerOf(headers: unknown, name: string): string | undefined {
  if (headers && typeof (headers as Headers).get === 'function')
    return (headers as Headers).get(name) ?? undefined;
  if (headers && typeof headers === 'object') {
    const value = (headers as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}

export type NotionFailure =
  | 'unauthorized'
  | 'restricted'
  | 'not_found'
  | 'invalid'
  | 'rate_limited'
  | 'outage';

export function notionFailure(error: unknown): NotionFailure {
  if (error instanceof NotionCapabilityMissing) return 'restricted';
  if (error instanceof NotionRetryLater) return 'rate_limited';
  if (APIResponseError.isAPIResponseError(error)) {
    if (error.code === APIErrorCode.Unauthorized) return 'unauthorized';
    if (error.code === APIErrorCode.RestrictedResource) return 'restricted';
    if (error.code === APIErrorCode.ObjectNotFound) return 'not_found';
    if (error.code === APIErrorCode.ValidationError) return 'invalid';
    if (error.code === APIErrorCode.InvalidJSON || error.code === APIErrorCode.InvalidRequest)
      return 'invalid';
  }
  return 'outage';
}

/** Never the token. */
export function notionMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n', 1)[0]?.slice(0, 300) || 'Unknown error';
}

export type PageProperties = Record<string, unknown>;

export interface DataSourceSchema {
  title: string;
  titleProperty: string;
  properties: Record<string, string>;
}

export class NotionApi {
  readonly #baseUrl: string;
  readonly #pacer: NotionPacer;

  constructor(baseUrl: string, options: { db?: Db } = {}) {
    this.#baseUrl = baseUrl.replace(/\/+$/, '');
    this.#pacer = options.db ? postgresPacer(options.db) : memoryPacer();
  }

  #client(token: string): Client {
    return new Client({
      auth: token,
      baseUrl: this.#baseUrl,
      notionVersion: '2025-09-03',
      timeoutMs: 20_000,
      logLevel: LogLevel.ERROR,
      logger: () => undefined,
      retry: false,
    });
  }

  async #call<T>(
    token: string,
    capability: NotionCapability,
    call: (client: Client) => Promise<T>,
  ): Promise<T> {
    const key = tokenKey(token);
    for (let tries = 1; ; tries++) {
      const turn = await this.#pacer.reserve(key, MAX_PACE_WAIT_MS);
      if (!turn.taken) {
        throw new NotionRetryLater(
          'Too many calls to Notion for this integration at once; waiting for its turn.',
          new Date(Date.now() + turn.waitMs),
        );
      }
      if (turn.waitMs > 0) await sleep(turn.waitMs);
      try {
        return await call(this.#client(token));
      } catch (error) {
        if (!APIResponseError.isAPIResponseError(error)) throw error;
        if (error.code === APIErrorCode.RestrictedResource)
          throw new NotionCapabilityMissing(capability, { cause: error });
        const waitMs = retryAfterMs(error);
        if (waitMs !== undefined) {
          // Rate limits are the token's: its other calls, anywhere, wait as well.
          if (error.status === 429 || error.status === 529) await this.#pacer.hold(key, waitMs);
          if (waitMs <= SHORT_RETRY_AFTER_MS && tries < MAX_TRIES) {
            await sleep(waitMs);
            continue;
          }
          throw new NotionRetryLater(notionMessage(error), new Date(Date.now() + waitMs), {
            cause: error,
          });
        }
        const serverError =
          error.code === APIErrorCode.InternalServerError ||
          error.code === APIErrorCode.ServiceUnavailable;
        if (serverError && capability === 'read_content' && tries < MAX_TRIES) {
          await sleep(500 * 2 ** (tries - 1));
          continue;
        }
        throw error;
      }
    }
  }

  async database(
    token: string,
    databaseId: string,
  ): Promise<{ title: string; dataSourceId: string }> {
    const db = (await this.#call(token, 'read_content', (client) =>
      client.databases.retrieve({ database_id: databaseId }),
    )) as { title?: { plain_text?: string }[]; data_sources?: { id: string }[] };
    const dataSourceId = db.data_sources?.[0]?.id;
    if (!dataSourceId) throw new Error('This Notion database has no data source');
    return { title: (db.title ?? []).map((t) => t.plain_text ?? '').join(''), dataSourceId };
  }

  async dataSource(token: string, dataSourceId: string): Promise<DataSourceSchema> {
    const source = (await this.#call(token, 'read_content', (client) =>
      client.dataSources.retrieve({ data_source_id: dataSourceId }),
    )) as { title?: { plain_text?: string }[]; properties?: Record<string, { type?: string }> };
    const properties: Record<string, string> = {};
    let titleProperty = 'Name';
    for (const [name, value] of Object.entries(source.properties ?? {})) {
      properties[name] = value.type ?? 'unknown';
      if (value.type === 'title') titleProperty = name;
    }
    return {
      title: (source.title ?? []).map((t) => t.plain_text ?? '').join(''),
      titleProperty,
      properties,
    };
  }

  async addProperties(
    token: string,
    dataSourceId: string,
    add: { name: string; type: NotionPropertyType }[],
  ): Promise<void> {
    const properties = Object.fromEntries(add.map(({ name, type }) => [name, { [type]: {} }]));
    await this.#call(token, 'update_content', (client) =>
      client.dataSources.update({
        data_source_id: dataSourceId,
        properties: properties as never,
      }),
    );
  }

  /** A run that crashed after creating the page left it behind. */
  async findPage(token: string, dataSourceId: string, logId: number): Promise<string | undefined> {
    const found = (await this.#call(token, 'read_content', (client) =>
      client.dataSources.query({
        data_source_id: dataSourceId,
        filter: { property: 'Hourbook ID', number: { equals: logId } },
        page_size: 100,
      }),
    )) as { results?: { id: string; in_trash?: boolean; archived?: boolean }[] };
    const page = found.results?.find((p) => !p.in_trash && !p.archived);
    return page?.id;
  }

  async createPage(
    token: string,
    dataSourceId: string,
    properties: PageProperties,
  ): Promise<string> {
    const page = await this.#call(token, 'insert_content', (client) =>
      client.pages.create({
        parent: { type: 'data_source_id', data_source_id: dataSourceId },
        properties: properties as never,
      }),
    );
    return page.id;
  }

  async updatePage(token: string, pageId: string, properties: PageProperties): Promise<void> {
    await this.#call(token, 'update_content', (client) =>
      client.pages.update({ page_id: pageId, properties: properties as never }),
    );
  }

  async archivePage(token: string, pageId: string): Promise<void> {
    await this.#call(token, 'update_content', (client) =>
      client.pages.update({ page_id: pageId, in_trash: true }),
    );
  }

  /** Out of the trash again: a deleted shift was restored (decision 048). */
  async restorePage(token: string, pageId: string): Promise<void> {
    await this.#call(token, 'update_content', (client) =>
      client.pages.update({ page_id: pageId, in_trash: false }),
    );
  }
}

export function missingProperties(schema: DataSourceSchema) {
  return NOTION_PROPERTIES.filter(({ name, type }) => schema.properties[name] !== type).map(
    ({ name, type }) => ({ name, type, conflicting: schema.properties[name] !== undefined }),
  );
}
