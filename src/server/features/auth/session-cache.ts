import { LRUCache } from 'lru-cache';
import { listen } from '../../db/listen.ts';
import type { SessionUser } from './users.repository.ts';

export interface CachedSession {
  user: SessionUser;
  expire: Date;
  absoluteExpire: Date;
}

// Seconds of memory for signed-in requests (decision 006). Right only while it hears every
// change: triggers NOTIFY `hourbook_auth` (migration 0001); while not listening it is off.
// A read that raced a revocation is refused by its `ticket()` (decision 009).
export class SessionCache {
  private readonly entries: LRUCache<string, CachedSession>;
  private listening = false;
  /** Bumped on every drop; a ticket is the epoch a read started in. */
  private epoch = 0;
  /** Tickets older than this are refused outright (after a reset of the maps below). */
  private floor = 0;
  private readonly droppedSessions = new Map<string, number>();
  private readonly droppedUsers = new Map<number, number>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
    private readonly clock: () => number = Date.now,
  ) {
    // ttlResolution 0: every read asks the clock (lru-cache would reuse a reading for 1 ms).
    this.entries = new LRUCache({
      max: maxEntries,
      ttl: ttlMs,
      ttlResolution: 0,
      perf: { now: clock },
    });
  }

  get(sid: string): CachedSession | undefined {
    if (!this.listening) return undefined;
    return this.entries.get(sid);
  }

  /** Taken before reading a session from the database; handed back to `set`. */
  ticket(): number {
    return this.epoch;
  }

  set(sid: string, session: CachedSession, ticket: number): void {
    if (!this.listening || ticket < this.floor) return;
    if ((this.droppedSessions.get(sid) ?? -1) > ticket) return;
    if ((this.droppedUsers.get(session.user.id) ?? -1) > ticket) return;
    const now = this.clock();
    const ttl = Math.min(
      this.ttlMs,
      session.expire.getTime() - now,
      session.absoluteExpire.getTime() - now,
    );
    if (ttl <= 0) return;
    const { user, expire, absoluteExpire } = session;
    this.entries.set(sid, { user, expire, absoluteExpire }, { ttl });
  }

  /** Applies one notification: 's:<sid hash>' or 'u:<user id>'. */
  drop(message: string): void {
    const epoch = this.bump();
    if (message.startsWith('s:')) {
      const sid = message.slice(2);
      this.droppedSessions.set(sid, epoch);
      this.entries.delete(sid);
    } else if (message.startsWith('u:')) {
      const userId = Number(message.slice(2));
      this.droppedUsers.set(userId, epoch);
      const sids = [...this.entries.entries()].filter(([, entry]) => entry.user.id === userId);
      for (const [sid] of sids) this.entries.delete(sid);
    }
  }

  setListening(on: boolean): void {
    this.listening = on;
    this.entries.clear();
    // Whatever was read before this moment may have missed a notification.
    this.floor = this.bump();
  }

  get size(): number {
    return this.entries.size;
  }

  private bump(): number {
    this.epoch++;
    if (this.droppedSessions.size + this.droppedUsers.size > this.maxEntries) {
      // Bounded memory: forget who was dropped, and refuse every read still in flight instead.
      this.droppedSessions.clear();
      this.droppedUsers.clear();
      this.floor = this.epoch;
    }
    return this.epoch;
  }
}

export function listenForAuthChanges(
  connectionString: string,
  cache: SessionCache,
  log: { warn(obj: object, msg: string): void },
): { close(): Promise<void> } {
  return listen(
    connectionString,
    'hourbook_auth',
    {
      onNotify: (payload) => {
        if (payload) cache.drop(payload);
      },
      onUp: () => cache.setListening(true),
      onDown: () => cache.setListening(false),
    },
    log,
  );
}
