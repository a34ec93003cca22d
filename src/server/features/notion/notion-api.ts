import { createHash } from 'node:crypto';
import { APIErrorCode, APIResponseError, Client, LogLevel } from '@notionhq/client';
import { NOTION_PROPERTIES, type NotionPropertyType } from '../../../shared/schemas/notion.ts';

/**
 * The Notion calls of the mirror, through @notionhq/client (API version 2025-09-03: pages
 * belong to a data source of the database). The base URL comes from NOTION_API_URL, so tests
 * and proxies point it elsewhere. The client itself retries a 429 after its Retry-After (and
 * 5xx on reads) twice; what still fails is left to the job queue's backoff.
 */

/** About 3 requests a second per integration (Notion's limit): calls per token are spaced. */
const MIN_INTERVAL_MS = 340;
const nextSlot = new Map<string, number>();

async function paced<T>(token: string, call: () => Promise<T>): Promise<T> {
  const key = createHash('sha256').update(token).digest('hex');
  const now = Date.now();
  const at = Math.max(now, nextSlot.get(key) ?? 0);
  nextSlot.set(key, at + MIN_INTERVAL_MS);
  if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  if (nextSlot.size > 10_000) nextSlot.clear();
  return call();
}

export type NotionFailure = 'unauthorized' | 'not_found' | 'invalid' | 'outage';

/** What a Notion error means for the mirror. */
export function notionFailure(error: unknown): NotionFailure {
  if (APIResponseError.isAPIResponseError(error)) {
    if (error.code === APIErrorCode.Unauthorized) return 'unauthorized';
    if (error.code === APIErrorCode.RestrictedResource) return 'unauthorized';
    if (error.code === APIErrorCode.ObjectNotFound) return 'not_found';
    if (error.code === APIErrorCode.ValidationError) return 'invalid';
    if (error.code === APIErrorCode.InvalidJSON || error.code === APIErrorCode.InvalidRequest)
      return 'invalid';
  }
  return 'outage';
}

/** Notion's own words, short; never the token. */
export function notionMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n', 1)[0]?.slice(0, 300) || 'Unknown error';
}

export type PageProperties = Record<string, unknown>;

export interface DataSourceSchema {
  title: string;
  titleProperty: string;
  /** Property name → its Notion type. */
  properties: Record<string, string>;
}

export class NotionApi {
  readonly #baseUrl: string;

  constructor(baseUrl: string) {
    this.#baseUrl = baseUrl.replace(/\/+$/, '');
  }

  #client(token: string): Client {
    return new Client({
      auth: token,
      baseUrl: this.#baseUrl,
      notionVersion: '2025-09-03',
      timeoutMs: 20_000,
      logLevel: LogLevel.ERROR,
      logger: () => undefined,
      retry: { maxRetries: 2, initialRetryDelayMs: 500, maxRetryDelayMs: 10_000 },
    });
  }

  /** The database's title and its first data source. */
  async database(
    token: string,
    databaseId: string,
  ): Promise<{ title: string; dataSourceId: string }> {
    const db = (await paced(token, () =>
      this.#client(token).databases.retrieve({ database_id: databaseId }),
    )) as { title?: { plain_text?: string }[]; data_sources?: { id: string }[] };
    const dataSourceId = db.data_sources?.[0]?.id;
    if (!dataSourceId) throw new Error('This Notion database has no data source');
    return { title: (db.title ?? []).map((t) => t.plain_text ?? '').join(''), dataSourceId };
  }

  async dataSource(token: string, dataSourceId: string): Promise<DataSourceSchema> {
    const source = (await paced(token, () =>
      this.#client(token).dataSources.retrieve({ data_source_id: dataSourceId }),
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

  /** Adds properties (name → type) to the data source. */
  async addProperties(
    token: string,
    dataSourceId: string,
    add: { name: string; type: NotionPropertyType }[],
  ): Promise<void> {
    const properties = Object.fromEntries(add.map(({ name, type }) => [name, { [type]: {} }]));
    await paced(token, () =>
      this.#client(token).dataSources.update({
        data_source_id: dataSourceId,
        properties: properties as never,
      }),
    );
  }

  /** The page already mirroring log `logId`, if a run that crashed made one. */
  async findPage(token: string, dataSourceId: string, logId: number): Promise<string | undefined> {
    const found = (await paced(token, () =>
      this.#client(token).dataSources.query({
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
    const page = await paced(token, () =>
      this.#client(token).pages.create({
        parent: { type: 'data_source_id', data_source_id: dataSourceId },
        properties: properties as never,
      }),
    );
    return page.id;
  }

  async updatePage(token: string, pageId: string, properties: PageProperties): Promise<void> {
    await paced(token, () =>
      this.#client(token).pages.update({ page_id: pageId, properties: properties as never }),
    );
  }

  async archivePage(token: string, pageId: string): Promise<void> {
    await paced(token, () => this.#client(token).pages.update({ page_id: pageId, in_trash: true }));
  }
}

/** Which of the mirror's properties the data source lacks, or has with another type. */
export function missingProperties(schema: DataSourceSchema) {
  return NOTION_PROPERTIES.filter(({ name, type }) => schema.properties[name] !== type).map(
    ({ name, type }) => ({ name, type, conflicting: schema.properties[name] !== undefined }),
  );
}
