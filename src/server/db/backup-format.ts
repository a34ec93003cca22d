import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';

// The file format and why: docs/decisions/019-backups-and-secret-rotation.md.
export const MAGIC = Buffer.from('HOURBOOK-BACKUP\n');
export const FORMAT_VERSION = 1;

const sequenceSchema = z.object({
  table: z.string(),
  column: z.string(),
  lastValue: z.string().regex(/^\d+$/),
});

export const headerSchema = z.object({
  format: z.literal(FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  appVersion: z.string(),
  migration: z.object({
    count: z.number().int().positive(),
    when: z.number().int().positive(),
    tag: z.string().nullable(),
  }),
  tables: z.array(z.object({ name: z.string().min(1), columns: z.array(z.string().min(1)) })),
  sequences: z.array(sequenceSchema),
});
export type BackupHeader = z.infer<typeof headerSchema>;

const tableStartSchema = z.object({ name: z.string(), columns: z.array(z.string()) });
const tableEndSchema = z.object({ rows: z.number().int().nonnegative() });

type RecordType = 'H' | 'T' | 'D' | 'E' | 'Z';
const MAX_RECORD = 64 * 1024 * 1024;

export class BackupWriter {
  private readonly hash: Hash = createHash('sha256');

  constructor(private readonly out: Writable) {}

  private async put(bytes: Buffer) {
    this.hash.update(bytes);
    if (this.out.destroyed) throw new Error('The backup file could not be written');
    if (!this.out.write(bytes)) {
      // A stream that fails is destroyed (and closes) instead of draining.
      await new Promise<void>((resolve, reject) => {
        const done = (error?: Error) => {
          this.out.off('drain', done).off('close', closed).off('error', done);
          if (error) reject(error);
          else resolve();
        };
        const closed = () => done(new Error('The backup file could not be written'));
        this.out.once('drain', done).once('close', closed).once('error', done);
      });
    }
  }

  async record(type: RecordType, payload: Buffer | object) {
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(JSON.stringify(payload));
    const head = Buffer.alloc(5);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(body.length, 1);
    await this.put(Buffer.concat([head, body]));
  }

  async begin(header: BackupHeader) {
    await this.put(MAGIC);
    await this.record('H', header);
  }

  async finish() {
    const digest = this.hash.copy().digest('hex');
    await this.record('Z', Buffer.from(digest));
  }
}

export type BackupEvent =
  | { type: 'header'; header: BackupHeader }
  | { type: 'table'; name: string; columns: string[] }
  | { type: 'rows'; data: Buffer }
  | { type: 'end-table'; rows: number };

export class BadBackupError extends Error {}

// COPY escapes a newline inside a value: one line per row.
export const countRows = (data: Buffer) => {
  let rows = 0;
  for (let i = data.indexOf(10); i !== -1; i = data.indexOf(10, i + 1)) rows++;
  return rows;
};

/** Throws BadBackupError on any defect; the hash is checked after the last row, so load in a transaction. */
export async function* readBackup(file: string): AsyncGenerator<BackupEvent, void, undefined> {
  const hash = createHash('sha256');
  let buffer: Buffer = Buffer.alloc(0);
  let magicSeen = false;
  let header: BackupHeader | undefined;
  let table: { name: string; rows: number } | undefined;
  let tablesSeen = 0;
  let ended = false;

  const handle = function* (type: string, body: Buffer): Generator<BackupEvent> {
    if (ended) throw new BadBackupError('it has data after its end');
    if (!header) {
      if (type !== 'H') throw new BadBackupError('its header is missing');
      const parsed = headerSchema.safeParse(parseJson(body));
      if (!parsed.success) throw new BadBackupError('its header is not one this version reads');
      header = parsed.data;
      yield { type: 'header', header };
      return;
    }
    if (type === 'T' && !table) {
      const start = tableStartSchema.parse(parseJson(body));
      const expected = header.tables[tablesSeen];
      if (
        !expected ||
        expected.name !== start.name ||
        expected.columns.join(',') !== start.columns.join(',')
      ) {
        throw new BadBackupError(`table ${start.name} is not the one its header announces next`);
      }
      table = { name: start.name, rows: 0 };
      yield { type: 'table', name: start.name, columns: expected.columns };
    } else if (type === 'D' && table) {
      table.rows += countRows(body);
      yield { type: 'rows', data: body };
    } else if (type === 'E' && table) {
      const { rows } = tableEndSchema.parse(parseJson(body));
      if (rows !== table.rows) {
        throw new BadBackupError(
          `table ${table.name} should have ${rows} rows, it has ${table.rows}`,
        );
      }
      yield { type: 'end-table', rows };
      table = undefined;
      tablesSeen++;
    } else if (type === 'Z' && !table) {
      if (tablesSeen !== header.tables.length) throw new BadBackupError('tables are missing');
      ended = true;
    } else {
      throw new BadBackupError('a record is out of place');
    }
  };

  const raw = createReadStream(file);
  const source = createGunzip();
  raw.on('error', (error) => source.destroy(error)); // pipe() does not pass errors on
  raw.pipe(source);
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      if (!magicSeen) {
        if (buffer.length < MAGIC.length) continue;
        if (!buffer.subarray(0, MAGIC.length).equals(MAGIC)) {
          throw new BadBackupError('it is not an Hourbook backup');
        }
        hash.update(buffer.subarray(0, MAGIC.length));
        buffer = buffer.subarray(MAGIC.length);
        magicSeen = true;
      }
      while (buffer.length > 0) {
        if (ended) throw new BadBackupError('it has data after its end');
        if (buffer.length < 5) break;
        const type = buffer.toString('latin1', 0, 1);
        const length = buffer.readUInt32BE(1);
        if (length > MAX_RECORD) throw new BadBackupError('a record is too large');
        if (buffer.length < 5 + length) break;
        const record = buffer.subarray(0, 5 + length);
        const body = record.subarray(5);
        buffer = buffer.subarray(5 + length);
        if (type === 'Z') {
          if (body.toString() !== hash.copy().digest('hex')) {
            throw new BadBackupError('its checksum does not match its contents');
          }
        }
        hash.update(record);
        yield* handle(type, body);
      }
    }
  } catch (error) {
    if (error instanceof BadBackupError || error instanceof z.ZodError) throw asBad(error);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BadBackupError('there is no such file');
    if (code === 'EISDIR') throw new BadBackupError('it is a folder');
    if (code === 'EACCES') throw new BadBackupError('it may not be read (permissions)');
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR' || code === 'Z_NEED_DICT') {
      throw new BadBackupError(
        code === 'Z_BUF_ERROR' ? 'it is cut short' : 'it is damaged (not valid gzip)',
      );
    }
    throw error;
  } finally {
    raw.destroy();
    source.destroy();
  }
  if (!magicSeen) throw new BadBackupError('it is not an Hourbook backup');
  if (!ended) throw new BadBackupError('it is cut short');
  if (buffer.length > 0) throw new BadBackupError('it has data after its end');
}

const asBad = (error: unknown) =>
  error instanceof BadBackupError ? error : new BadBackupError('a record is malformed');

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new BadBackupError('a record is malformed');
  }
}

export async function checkBackup(
  file: string,
): Promise<{ header: BackupHeader; rows: Map<string, number> }> {
  let header: BackupHeader | undefined;
  const rows = new Map<string, number>();
  let current = '';
  for await (const event of readBackup(file)) {
    if (event.type === 'header') header = event.header;
    if (event.type === 'table') current = event.name;
    if (event.type === 'end-table') rows.set(current, event.rows);
  }
  if (!header) throw new BadBackupError('its header is missing');
  return { header, rows };
}
