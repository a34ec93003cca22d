import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { link, mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Config } from '../config.ts';
import { loadAppSecret } from '../lib/app-secret.ts';
import { keyId } from '../lib/seal.ts';
import type { RotationResult } from './rotate-secret.ts';

// Decision 019: the new secret waits in app-secret.next until the database is sealed under it, so
// a crash at any point leaves a state the next run finishes.

const quiet = { info: () => undefined };
const keyOf = (text: string) => loadAppSecret(text, '', quiet);

export interface RotationPlan {
  fromEnv: boolean;
  secretFile: string;
  stagingFile: string;
  current: Buffer;
  old: Buffer[];
  newSecretFile: string | undefined;
}

export class RotationRefusedError extends Error {}

function readSecretFile(file: string, what: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch {
    throw new RotationRefusedError(`Cannot read ${what} ${file}`);
  }
  if (text.length < 32) {
    throw new RotationRefusedError(`${what} ${file} must hold at least 32 characters`);
  }
  return text;
}

export function planRotation(
  config: Config,
  options: { newSecretFile?: string | undefined; oldSecretFiles: string[] },
): RotationPlan {
  const secretFile = join(config.dataDir, 'app-secret');
  let current: Buffer;
  if (config.APP_SECRET) current = keyOf(config.APP_SECRET);
  else if (existsSync(secretFile)) current = keyOf(readSecretFile(secretFile, 'the secret file'));
  else {
    throw new RotationRefusedError(
      `There is no secret to rotate: APP_SECRET is not set and ${secretFile} does not exist ` +
        '(Hourbook creates it when it first starts).',
    );
  }
  const stagingFile = `${secretFile}.next`;
  const old = [
    current,
    ...options.oldSecretFiles.map((f) => keyOf(readSecretFile(f, 'the old secret file'))),
  ];
  // A secret left by an unfinished run may already seal part of the database.
  if (options.newSecretFile && existsSync(stagingFile)) {
    old.push(keyOf(readSecretFile(stagingFile, 'the unfinished rotation secret file')));
  }
  const plan: RotationPlan = {
    fromEnv: Boolean(config.APP_SECRET),
    secretFile,
    stagingFile,
    current,
    old,
    newSecretFile: options.newSecretFile,
  };
  const next = newSecretText(plan);
  if (next !== undefined && keyId(keyOf(next)) === keyId(current)) {
    throw new RotationRefusedError(
      options.newSecretFile
        ? `The new secret in ${options.newSecretFile} is the one in use already.`
        : `The secret in use already is the one in ${plan.stagingFile}: the rotation is ` +
            'done. Delete that file.',
    );
  }
  return plan;
}

function newSecretText(plan: RotationPlan): string | undefined {
  if (plan.newSecretFile) return readSecretFile(plan.newSecretFile, 'the new secret file');
  if (existsSync(plan.stagingFile)) return readSecretFile(plan.stagingFile, 'the new secret file');
  return undefined;
}

export async function stageNewSecret(
  plan: RotationPlan,
): Promise<{ key: Buffer; resumed: boolean }> {
  const text = newSecretText(plan);
  if (text !== undefined) return { key: keyOf(text), resumed: !plan.newSecretFile };
  const generated = randomBytes(32).toString('base64');
  await writeDurably(plan.stagingFile, generated);
  return { key: keyOf(generated), resumed: false };
}

async function writeDurably(file: string, text: string) {
  await mkdir(dirname(file), { recursive: true });
  const handle = await open(file, 'wx', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await syncFolder(dirname(file));
}

async function syncFolder(folder: string) {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

// The old secret is kept beside the new one: older backups need it to open their tokens.
export async function finishRotation(
  plan: RotationPlan,
  newKey: Buffer,
  result: RotationResult,
): Promise<string[]> {
  const lines = [
    `Sealed ${result.resealed} value(s) again under the new secret (key id ${keyId(newKey)}); ` +
      `${result.alreadyNew} were under it already.`,
  ];
  for (const [id, count] of result.unknown) {
    lines.push(
      `${count} value(s) are sealed under a secret that was not given (key id ${id}) and were ` +
        'left as they are: this server could not open them before either. If you have that ' +
        'secret, run again with --old-secret-file FILE.',
    );
  }
  const oldCopy = `${plan.secretFile}.old-${keyId(plan.current)}`;
  if (plan.fromEnv) {
    const file = plan.newSecretFile ?? plan.stagingFile;
    if (plan.newSecretFile) await rm(plan.stagingFile, { force: true });
    lines.push(
      `APP_SECRET comes from the environment: set it to the contents of ${file} wherever ` +
        'Hourbook is configured (every server and worker), then start Hourbook.' +
        (plan.newSecretFile ? '' : ` Delete ${file} once it is set.`),
      'Until then the old APP_SECRET opens none of the stored tokens: do not start Hourbook ' +
        'with it.',
    );
    return lines;
  }
  if (existsSync(plan.secretFile)) {
    await link(plan.secretFile, oldCopy).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
  if (plan.newSecretFile) {
    const temp = `${plan.secretFile}.${randomBytes(4).toString('hex')}`;
    await writeDurably(temp, readSecretFile(plan.newSecretFile, 'the new secret file'));
    await rename(temp, plan.secretFile).catch(async (error) => {
      await rm(temp, { force: true });
      throw error;
    });
    await rm(plan.stagingFile, { force: true });
  } else {
    await rename(plan.stagingFile, plan.secretFile);
  }
  await syncFolder(dirname(plan.secretFile));
  lines.push(
    `The new secret is in ${plan.secretFile}; start Hourbook again.`,
    `The old one is kept in ${oldCopy}: backups made before now need it to open their tokens. ` +
      'Delete it if it leaked.',
  );
  return lines;
}

export function currentKey(config: Config): Buffer | undefined {
  if (config.APP_SECRET) return keyOf(config.APP_SECRET);
  const file = join(config.dataDir, 'app-secret');
  return existsSync(file) ? loadAppSecret(undefined, config.dataDir, quiet) : undefined;
}
