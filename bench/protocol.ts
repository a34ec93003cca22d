/** Messages between the bench (parent) and bench/server.ts (child) over the IPC channel. */

/** Parent → child: answer GET `path` on the bare server with exactly these bytes. */
export interface FixtureMessage {
  type: 'fixture';
  id: number;
  path: string;
  body: string;
  contentType: string;
}

export type ServerMessage =
  | { type: 'ready'; appPort: number; barePort: number }
  | { type: 'fixture-set'; id: number }
  | { type: 'error'; message: string };
