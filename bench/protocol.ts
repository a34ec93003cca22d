/** Messages between the bench (parent) and bench/server.ts (child) over the IPC channel. */

/**
 * Parent → child: answer GET `path` on the bare server with exactly these bytes, tagged with
 * `etag` when given (then a request naming it gets 304, as the app answers).
 */
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
