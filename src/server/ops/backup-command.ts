import type { Config } from '../config.ts';
import { writeBackup } from '../db/backup.ts';
import { levelName } from '../db/backup-catalog.ts';
import { BadBackupError } from '../db/backup-format.ts';
import { RestoreRefusedError, restoreBackup } from '../db/backup-restore.ts';
import type { Database } from '../db/open.ts';
import { keyId } from '../lib/seal.ts';
import { sealedKeyCensus } from './rotate-secret.ts';
import { currentKey } from './rotate-secret-command.ts';

interface Out {
  log(line: string): void;
  error(line: string): void;
}

const size = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${(bytes / 1024).toFixed(1)} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function backupCommand(
  database: Database,
  file: string,
  config: Config,
  out: Out,
): Promise<number> {
  const started = performance.now();
  const summary = await writeBackup(database.pool, file, config.version);
  const ms = performance.now() - started;
  const took = ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
  out.log(
    `Backed up ${summary.rows} rows of ${summary.tables} tables (${levelName(summary.migration)}) ` +
      `to ${summary.file}: ${size(summary.bytes)} in ${took}.`,
  );
  out.log(
    'It holds no sessions and not the app secret: keep APP_SECRET (or DATA_DIR/app-secret) ' +
      'safe apart from it, as stored tokens open only with it.',
  );
  return 0;
}

export async function restoreCommand(
  database: Database,
  file: string,
  options: { force: boolean; config: Config },
  out: Out,
): Promise<number> {
  let summary: Awaited<ReturnType<typeof restoreBackup>>;
  try {
    summary = await restoreBackup(database.pool, file, { force: options.force });
  } catch (error) {
    if (error instanceof BadBackupError) {
      out.error(`${file} cannot be restored: ${error.message}. Nothing was changed.`);
      return 1;
    }
    if (error instanceof RestoreRefusedError) {
      out.error(`${error.message} Nothing was changed.`);
      return 1;
    }
    throw error;
  }
  const { header } = summary;
  out.log(
    `Restored ${summary.rows} rows of ${summary.tables} tables from ${file} (made ` +
      `${header.createdAt} by Hourbook ${header.appVersion}, ${levelName(header.migration)}).` +
      (summary.migrated ? ' The newer migrations ran after it.' : ''),
  );
  out.log('Sessions were not restored: everyone signs in again.');
  await warnAboutSecret(database, options.config, out);
  return 0;
}

async function warnAboutSecret(database: Database, config: Config, out: Out) {
  const census = await sealedKeyCensus(database.pool);
  const key = currentKey(config);
  const mine = key ? keyId(key) : undefined;
  // 'v1' values name no secret: they cannot be told apart here.
  const foreign = [...census].filter(([id]) => id !== mine && id !== 'v1');
  if (foreign.length === 0) return;
  const count = foreign.reduce((sum, [, n]) => sum + n, 0);
  out.error(
    `${count} stored token(s) or queued mail(s) are sealed under another secret (key id ` +
      `${foreign.map(([id]) => id).join(', ')}) than ${mine ? `this server's (${mine})` : 'any set here yet'}. ` +
      'Set APP_SECRET, or put the old DATA_DIR/app-secret back, to the secret of the ' +
      'installation the backup came from before starting Hourbook; or run `npm run admin -- ' +
      'rotate-secret --old-secret-file FILE` with it. Otherwise Gmail and Notion must be ' +
      'connected again and that mail is not sent.',
  );
}
