/** Messages between the bench (parent) and bench/server.ts (child) over the IPC channel. */

/** Parent → child; with `etag`, a request naming it gets 304, as the app answers. */
export interface FixtureMessage {
  type: 'fixture';
  id: number;
  path: string;
  body: string;
  contentType: string;
  etag?: string;
}

export type ServerMessage =
  | { type: 'ready'; appPort: number; barePort: number }
  | { type: 'fixture-set'; id: number }
  | { type: 'error'; message: string };
