import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake of the Notion API calls the work-log mirror makes (Notion cannot be
 * reached from here), on loopback, API version 2025-09-03: a database holds data sources, pages
 * belong to a data source. State lives in memory; it answers Notion's shapes and Notion's error
 * body `{ object: 'error', status, code, message }`, and can be told to fail or to hang.
 * Point NotionApi at `url` (the client adds `/v1/`).
 */

export const TEST_NOTION_TOKEN = 'secret_test_notion_token';

export interface NotionCall {
  method: string;
  /** Without the query string, e.g. `/v1/data_sources/<id>/query`. */
  path: string;
  /** The parsed JSON body, if any. */
  body: unknown;
  /** When it arrived (Date.now()). */
  at: number;
  /** The bearer token it carried. */
  token: string | undefined;
  notionVersion: string | undefined;
  /** What it was answered; 0 while it hangs. */
  status: number;
}

export interface FakeProperty {
  id: string;
  name: string;
  type: string;
  /** The type's configuration, e.g. `{ options: [] }` for a select. */
  config: Record<string, unknown>;
}

export interface FakeDatabase {
  id: string;
  title: string;
  dataSourceIds: string[];
}

export interface FakeDataSource {
  id: string;
  databaseId: string;
  title: string;
  properties: Record<string, FakeProperty>;
}

export interface FakePage {
  id: string;
  dataSourceId: string;
  /** Property values as they were sent (not validated beyond their names). */
  properties: Record<string, unknown>;
  inTrash: boolean;
  createdAt: number;
  editedAt: number;
}

/** The content capabilities an integration may be given (Notion → integration → Capabilities). */
export type FakeCapability = 'read_content' | 'insert_content' | 'update_content';

export interface TestNotion {
  url: string;
  /** Tokens it accepts; delete one to act as if the user revoked it. */
  tokens: Set<string>;
  /**
   * Token → the content capabilities of its integration; a token not in it has all three. A
   * request needing one it lacks is answered 403 restricted_resource, as Notion does: reading
   * (retrieve, query) needs read_content, creating a page insert_content, changing a page or a
   * data source (trash included) update_content.
   */
  capabilities: Map<string, Set<FakeCapability>>;
  calls: NotionCall[];
  /** Keyed by id without dashes, lowercase (see `notionKey`). */
  databases: Map<string, FakeDatabase>;
  dataSources: Map<string, FakeDataSource>;
  pages: Map<string, FakePage>;
  /**
   * A database with one data source of the same title. `properties`: name → Notion type; a
   * `Name` title property is added unless one of them is a title.
   */
  addDatabase(input: { id?: string; title: string; properties?: Record<string, string> }): {
    databaseId: string;
    dataSourceId: string;
  };
  /**
   * The next `times` requests are answered `status` with Notion's error body for `code`. A 429
   * carries a Retry-After (1 s unless `headers` give one), as Notion's always does.
   */
  failNext(
    status: number,
    code: string,
    times?: number,
    headers?: Record<string, string>,
    /** Fails only requests whose "METHOD path" matches. */
    only?: RegExp,
  ): void;
  /** The next `times` requests are never answered (the client times out). */
  hangNext(times?: number): void;
  /** Pages not in the trash whose `Hourbook ID` number is `logId`. */
  pagesMirroring(logId: number): FakePage[];
  close(): Promise<void>;
}

/** How the fake keys ids: Notion accepts them with or without dashes. */
export function notionKey(id: string): string {
  return id.replace(/-/g, '').toLowerCase();
}

const UUID_KEY = /^[0-9a-f]{32}$/;

/** The capability a request needs, from its method and path (`/v1/...`). */
function neededCapability(method: string, path: string): FakeCapability | undefined {
  const [, , resource, id, action] = path.split('/');
  if (method === 'GET') return 'read_content';
  if (resource === 'data_sources' && action === 'query' && method === 'POST') return 'read_content';
  if (resource === 'pages' && !id && method === 'POST') return 'insert_content';
  if (method === 'PATCH') return 'update_content';
  return undefined;
}

const DEFAULT_MESSAGES: Record<string, string> = {
  unauthorized: 'API token is invalid.',
  restricted_resource: 'Insufficient permissions for this endpoint.',
  rate_limited: 'You have been rate limited. Please try again in a few minutes.',
  internal_server_error: 'Unexpected error occurred.',
  service_unavailable: 'Notion is unavailable, please try again later.',
  gateway_timeout: 'Notion timed out while processing the request.',
  conflict_error: 'Conflict occurred while saving. Please try again.',
};

class NotionError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const notFound = (kind: string, id: string) =>
  new NotionError(
    404,
    'object_not_found',
    `Could not find ${kind} with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`,
  );
const invalid = (message: string) => new NotionError(400, 'validation_error', message);

function richText(text: string) {
  return [
    {
      type: 'text',
      text: { content: text, link: null },
      annotations: {
        bold: false,
        italic: false,
        strikethrough: false,
        underline: false,
        code: false,
        color: 'default',
      },
      plain_text: text,
      href: null,
    },
  ];
}

/** The text of a rich-text array as a request sends it (`{ text: { content } }`). */
function plainText(parts: unknown[]): string {
  return parts
    .map((part) => (isRecord(part) && isRecord(part.text) ? String(part.text.content ?? '') : ''))
    .join('');
}

const iso = (ms: number) => new Date(ms).toISOString();

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export async function startTestNotion(
  options: { token?: string | readonly string[] } = {},
): Promise<TestNotion> {
  const tokens = new Set(
    typeof options.token === 'string' ? [options.token] : (options.token ?? [TEST_NOTION_TOKEN]),
  );
  const calls: NotionCall[] = [];
  const capabilities = new Map<string, Set<FakeCapability>>();
  const databases = new Map<string, FakeDatabase>();
  const dataSources = new Map<string, FakeDataSource>();
  const pages = new Map<string, FakePage>();
  const failures: {
    status: number;
    code: string;
    headers: Record<string, string>;
    /** Only requests whose "METHOD path" matches, when given (e.g. /^POST \/v1\/pages/). */
    only?: RegExp;
  }[] = [];
  let hangs = 0;

  const property = (name: string, type: string, config: unknown = {}): FakeProperty => ({
    id: type === 'title' ? 'title' : randomBytes(3).toString('base64url'),
    name,
    type,
    config: isRecord(config) ? config : {},
  });

  function databaseJson(db: FakeDatabase) {
    const created = iso(Date.now());
    return {
      object: 'database',
      id: db.id,
      title: richText(db.title),
      description: [],
      parent: { type: 'workspace', workspace: true },
      is_inline: false,
      in_trash: false,
      is_locked: false,
      created_time: created,
      last_edited_time: created,
      data_sources: db.dataSourceIds.map((key) => {
        const source = dataSources.get(key);
        return { id: source?.id ?? key, name: source?.title ?? '' };
      }),
      icon: null,
      cover: null,
      url: `https://www.notion.so/${notionKey(db.id)}`,
    };
  }

  function dataSourceJson(source: FakeDataSource) {
    const created = iso(Date.now());
    return {
      object: 'data_source',
      id: source.id,
      title: richText(source.title),
      description: [],
      parent: { type: 'database_id', database_id: source.databaseId },
      database_parent: { type: 'workspace', workspace: true },
      in_trash: false,
      archived: false,
      is_inline: false,
      created_time: created,
      last_edited_time: created,
      icon: null,
      cover: null,
      url: `https://www.notion.so/${notionKey(source.id)}`,
      properties: Object.fromEntries(
        Object.values(source.properties).map((p) => [
          p.name,
          { id: p.id, name: p.name, description: null, type: p.type, [p.type]: p.config },
        ]),
      ),
    };
  }

  function pageJson(page: FakePage) {
    const source = dataSources.get(notionKey(page.dataSourceId));
    return {
      object: 'page',
      id: page.id,
      created_time: iso(page.createdAt),
      last_edited_time: iso(page.editedAt),
      in_trash: page.inTrash,
      archived: page.inTrash,
      is_locked: false,
      parent: {
        type: 'data_source_id',
        data_source_id: page.dataSourceId,
        database_id: source?.databaseId,
      },
      icon: null,
      cover: null,
      properties: page.properties,
      url: `https://www.notion.so/${notionKey(page.id)}`,
      public_url: null,
    };
  }

  function key(kind: string, id: string): string {
    const k = notionKey(decodeURIComponent(id));
    if (!UUID_KEY.test(k))
      throw invalid(
        `path failed validation: path.${kind}_id should be a valid uuid, instead was \`"${id}"\`.`,
      );
    return k;
  }

  function findDataSource(id: string): FakeDataSource {
    const source = dataSources.get(key('data_source', id));
    if (!source) throw notFound('data_source', id);
    return source;
  }

  function findPage(id: string): FakePage {
    const page = pages.get(key('page', id));
    if (!page) throw notFound('page', id);
    return page;
  }

  /** Notion refuses a value for a property the data source does not have. */
  function checkNames(source: FakeDataSource, properties: unknown): Record<string, unknown> {
    if (properties === undefined) return {};
    if (!isRecord(properties)) throw invalid('body.properties should be an object.');
    for (const name of Object.keys(properties)) {
      if (!source.properties[name]) throw invalid(`${name} is not a property that exists.`);
    }
    return properties;
  }

  const mirrorsLog = (page: FakePage, logId: number) => {
    const value = page.properties['Hourbook ID'];
    return isRecord(value) && value.number === logId;
  };

  function query(source: FakeDataSource, body: Record<string, unknown>) {
    let matches = [...pages.values()].filter(
      (p) => notionKey(p.dataSourceId) === notionKey(source.id),
    );
    const filter = body.filter;
    if (filter !== undefined) {
      const equals = isRecord(filter) && isRecord(filter.number) ? filter.number.equals : undefined;
      if (!isRecord(filter) || typeof filter.property !== 'string' || typeof equals !== 'number')
        throw invalid(
          'The test fake only knows filters of the shape { property, number: { equals } }.',
        );
      const name = filter.property;
      if (!source.properties[name])
        throw invalid(`Could not find property with name or id: ${name}`);
      matches = matches.filter((p) => {
        const value = p.properties[name];
        return isRecord(value) && value.number === equals;
      });
    }
    // Oldest first; trashed pages are part of the results, marked in_trash (see the brief).
    matches.sort((a, b) => a.createdAt - b.createdAt);
    const size = Math.min(Math.max(Number(body.page_size ?? 100) || 100, 1), 100);
    const start =
      typeof body.start_cursor === 'string'
        ? Math.max(
            matches.findIndex((p) => notionKey(p.id) === notionKey(body.start_cursor as string)),
            0,
          )
        : 0;
    const results = matches.slice(start, start + size);
    const next = matches[start + size];
    return {
      object: 'list',
      results: results.map(pageJson),
      next_cursor: next ? next.id : null,
      has_more: next !== undefined,
      type: 'page_or_data_source',
      page_or_data_source: {},
    };
  }

  function route(method: string, parts: string[], body: Record<string, unknown>): unknown {
    const [resource, id, action] = parts;
    if (resource === 'databases' && id && !action && method === 'GET') {
      const db = databases.get(key('database', id));
      if (!db) throw notFound('database', id);
      return databaseJson(db);
    }
    if (resource === 'data_sources' && id && !action && method === 'GET')
      return dataSourceJson(findDataSource(id));
    if (resource === 'data_sources' && id && !action && method === 'PATCH') {
      const source = findDataSource(id);
      const changes = body.properties ?? {};
      if (!isRecord(changes)) throw invalid('body.properties should be an object.');
      for (const [name, change] of Object.entries(changes)) {
        if (change === null) {
          delete source.properties[name];
          continue;
        }
        if (!isRecord(change)) throw invalid(`body.properties.${name} should be an object.`);
        const type = Object.keys(change).find((k) => k !== 'name' && k !== 'description');
        if (!type) continue;
        const existing = source.properties[name];
        source.properties[name] = {
          ...property(name, type, change[type]),
          ...(existing ? { id: existing.id } : {}),
        };
      }
      if (Array.isArray(body.title)) source.title = plainText(body.title);
      return dataSourceJson(source);
    }
    if (resource === 'data_sources' && id && action === 'query' && method === 'POST')
      return query(findDataSource(id), body);
    if (resource === 'pages' && !id && method === 'POST') {
      const parent = isRecord(body.parent) ? body.parent : {};
      let source: FakeDataSource;
      if (typeof parent.data_source_id === 'string') source = findDataSource(parent.data_source_id);
      else if (typeof parent.database_id === 'string') {
        const db = databases.get(key('database', parent.database_id));
        const first = db?.dataSourceIds[0];
        if (!db || !first) throw notFound('database', parent.database_id);
        source = findDataSource(first);
      } else
        throw invalid('body.parent.data_source_id should be defined, instead was `undefined`.');
      const properties = checkNames(source, body.properties);
      const now = Date.now();
      const page: FakePage = {
        id: randomUUID(),
        dataSourceId: source.id,
        properties: { ...properties },
        inTrash: false,
        createdAt: now,
        editedAt: now,
      };
      // Two pages made in the same millisecond keep their order.
      const last = [...pages.values()].at(-1);
      if (last && last.createdAt >= now) page.createdAt = page.editedAt = last.createdAt + 1;
      pages.set(notionKey(page.id), page);
      return pageJson(page);
    }
    if (resource === 'pages' && id && !action && method === 'GET') return pageJson(findPage(id));
    if (resource === 'pages' && id && !action && method === 'PATCH') {
      const page = findPage(id);
      const source = findDataSource(page.dataSourceId);
      const properties = checkNames(source, body.properties);
      const trash = body.in_trash ?? body.archived;
      if (trash !== undefined && typeof trash !== 'boolean')
        throw invalid('body.in_trash should be a boolean.');
      if (page.inTrash && trash !== false && Object.keys(properties).length > 0)
        throw invalid(
          "Can't edit block that is archived. You must unarchive the block before editing.",
        );
      Object.assign(page.properties, properties);
      if (typeof trash === 'boolean') page.inTrash = trash;
      page.editedAt = Date.now();
      return pageJson(page);
    }
    throw new NotionError(400, 'invalid_request_url', 'Invalid request URL.');
  }

  function send(res: ServerResponse, status: number, payload: unknown, headers = {}) {
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'x-notion-request-id': randomUUID(),
      ...headers,
    });
    res.end(JSON.stringify(payload));
  }

  const errorBody = (status: number, code: string, message: string) => ({
    object: 'error',
    status,
    code,
    message,
    request_id: randomUUID(),
  });

  function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    const path = new URL(req.url ?? '/', 'http://notion.test').pathname;
    const authorization = req.headers.authorization;
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
    const version = req.headers['notion-version'];
    let body: unknown;
    let badJson = false;
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw);
      } catch {
        badJson = true;
      }
    }
    const call: NotionCall = {
      method: req.method ?? 'GET',
      path,
      body,
      at: Date.now(),
      token,
      notionVersion: typeof version === 'string' ? version : undefined,
      status: 0,
    };
    calls.push(call);
    if (hangs > 0) {
      hangs--;
      return;
    }
    const answer = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      call.status = status;
      send(res, status, payload, headers);
    };
    const index = failures.findIndex((f) => !f.only || f.only.test(`${call.method} ${path}`));
    const failure = index >= 0 ? failures.splice(index, 1)[0] : undefined;
    if (failure) {
      const message = DEFAULT_MESSAGES[failure.code] ?? `Notion says ${failure.status}`;
      return answer(
        failure.status,
        errorBody(failure.status, failure.code, message),
        failure.headers,
      );
    }
    if (!token || !tokens.has(token))
      return answer(401, errorBody(401, 'unauthorized', 'API token is invalid.'));
    if (!call.notionVersion)
      return answer(
        400,
        errorBody(
          400,
          'missing_version',
          'Notion-Version header failed validation: Notion-Version header should be defined, instead was `undefined`.',
        ),
      );
    const needs = neededCapability(call.method, path);
    const has = capabilities.get(token);
    if (needs && has && !has.has(needs))
      return answer(
        403,
        errorBody(403, 'restricted_resource', 'Insufficient permissions for this endpoint.'),
      );
    if (badJson) return answer(400, errorBody(400, 'invalid_json', 'Error parsing JSON body.'));
    try {
      const parts = path.split('/').filter(Boolean);
      if (parts.shift() !== 'v1')
        throw new NotionError(400, 'invalid_request_url', 'Invalid request URL.');
      answer(200, route(call.method, parts, isRecord(body) ? body : {}));
    } catch (error) {
      if (!(error instanceof NotionError)) throw error;
      answer(error.status, errorBody(error.status, error.code, error.message));
    }
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        handle(req, res, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        send(res, 500, errorBody(500, 'internal_server_error', String(error)));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    tokens,
    capabilities,
    calls,
    databases,
    dataSources,
    pages,
    addDatabase({ id, title, properties = {} }) {
      const databaseId = id ?? randomUUID();
      const dataSourceId = randomUUID();
      const fields: Record<string, FakeProperty> = {};
      if (!Object.values(properties).includes('title')) fields.Name = property('Name', 'title');
      for (const [name, type] of Object.entries(properties)) fields[name] = property(name, type);
      databases.set(notionKey(databaseId), {
        id: databaseId,
        title,
        dataSourceIds: [notionKey(dataSourceId)],
      });
      dataSources.set(notionKey(dataSourceId), {
        id: dataSourceId,
        databaseId,
        title,
        properties: fields,
      });
      return { databaseId, dataSourceId };
    },
    failNext(status, code, times = 1, headers = {}, only) {
      const withWait =
        status === 429 && !Object.keys(headers).some((h) => h.toLowerCase() === 'retry-after')
          ? { ...headers, 'retry-after': '1' }
          : headers;
      for (let i = 0; i < times; i++) failures.push({ status, code, headers: withWait, only });
    },
    hangNext(times = 1) {
      hangs += times;
    },
    pagesMirroring: (logId) =>
      [...pages.values()].filter((p) => !p.inTrash && mirrorsLog(p, logId)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
