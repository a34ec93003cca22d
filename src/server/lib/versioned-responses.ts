import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/open.ts';
import { userDataVersions } from '../db/schema/index.ts';
import { sendJsonText } from './send-json-text.ts';

/** Local dates change on quarter hours in every time zone: answers that depend on "today". */
const QUARTER_HOUR_MS = 15 * 60 * 1000;

interface Kept {
  etag: string;
  body: string;
}

/**
 * The signed-in user's lists and stats, tagged with their data version (user_data_versions,
 * raised by triggers in every transaction that changes what these answers show).
 *
 * A request whose `If-None-Match` names the current tag gets 304 without anything being built;
 * otherwise the last answer built for the same user, route and query under the same version is
 * sent again, or a new one is built and kept. The version is read before the answer is built,
 * so a kept answer is never older than its tag says. Kept answers live in this process only,
 * least recently used first out, within `maxBytes`; the tags are the same on every instance.
 */
export class VersionedResponses {
  private readonly kept: LRUCache<string, Kept>;
  /** Runs before every list and stats answer: prepared once on the server. */
  private readonly versionQuery;

  constructor(
    db: Db,
    private readonly options: {
      /** The app's version: a new release never matches an older tag. */
      release: string;
      now: () => Date;
      maxBytes?: number;
      maxEntryBytes?: number;
    },
  ) {
    this.versionQuery = db
      .select({ version: userDataVersions.version })
      .from(userDataVersions)
      .where(eq(userDataVersions.userId, sql.placeholder('userId')))
      .prepare('user_data_version');
    this.kept = new LRUCache({
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      maxEntrySize: options.maxEntryBytes ?? 8 * 1024 * 1024,
      // lru-cache counts sizes from 1.
      sizeCalculation: (entry) => Math.max(1, entry.body.length),
    });
  }

  /**
   * Answers with `build()`'s JSON text, or 304, or the kept text. `userId`: whose data the
   * answer shows (the route knows its user; this cache knows no session). `today`: the answer
   * depends on the current date (in the user's time zone), so its tag changes every quarter
   * hour too.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    build: () => Promise<string>,
    { today = false }: { today?: boolean } = {},
  ) {
    const [row] = await this.versionQuery.execute({ userId });
    const version = row?.version ?? 0;
    const bucket = today ? Math.floor(this.options.now().getTime() / QUARTER_HOUR_MS) : '';
    const key = `${userId} ${request.method} ${request.url}`;
    const etag = `"${version}-${createHash('sha256')
      .update(`${this.options.release}\n${key}\n${bucket}`)
      .digest('base64url')
      .slice(0, 22)}"`;

    reply.header('etag', etag).header('vary', 'Cookie');
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();

    const kept = this.kept.get(key);
    if (kept?.etag === etag) return sendJsonText(reply, kept.body);
    const body = await build();
    // One larger than maxEntryBytes is not kept (and drops the older answer of its key).
    this.kept.set(key, { etag, body });
    return sendJsonText(reply, body);
  }

  /** As `send`, for a value: serialised by the route's response schema, then kept as text. */
  sendValue(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    build: () => Promise<unknown>,
    options: { today?: boolean } = {},
  ) {
    return this.send(
      request,
      reply,
      userId,
      async () => String(reply.serialize(await build())),
      options,
    );
  }
}

/** Whether an `If-None-Match` header names `etag` (a list, `*`, or weak forms of it). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
