import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/open.ts';
import { userDataVersions } from '../db/schema/index.ts';
import { sendJsonText } from './send-json-text.ts';

// Local dates change on quarter hours in every time zone.
const QUARTER_HOUR_MS = 15 * 60 * 1000;

interface Kept {
  etag: string;
  body: string;
}

// Tagged by user_data_versions (raised by triggers). The version is read before building, so a
// kept answer is never older than its tag.
export class VersionedResponses {
  private readonly kept: LRUCache<string, Kept>;
  private readonly versionQuery;

  constructor(
    db: Db,
    private readonly options: {
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

export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
