import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

// docs/product/data.md#secrets-at-rest. One key per purpose, so a mail key never opens a stored
// token; the key id lets a rotation find what is still sealed under the old secret.
const VERSION = 'v2';
const LEGACY_VERSION = 'v1';

function keyFor(secret: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `hourbook:${purpose}`, 32));
}

export function keyId(secret: Buffer): string {
  return createHash('sha256').update(keyFor(secret, 'key-id')).digest('base64url').slice(0, 8);
}

export function seal(secret: Buffer, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const data = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  return `${VERSION}.${keyId(secret)}.${data}`;
}

export function sealedKeyId(sealed: string): string | undefined {
  const [version, id, data] = sealed.split('.');
  return version === VERSION && id && data ? id : undefined;
}

function open(secret: Buffer, purpose: string, data: string): string | undefined {
  const bytes = Buffer.from(data, 'base64url');
  if (bytes.length < 28) return undefined;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyFor(secret, purpose),
      bytes.subarray(0, 12),
    );
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

export function unseal(
  secrets: Buffer | readonly Buffer[],
  purpose: string,
  sealed: string,
): string | undefined {
  const candidates = Buffer.isBuffer(secrets) ? [secrets] : secrets;
  const parts = sealed.split('.');
  if (parts[0] === LEGACY_VERSION && parts.length === 2 && parts[1]) {
    for (const secret of candidates) {
      const plain = open(secret, purpose, parts[1]);
      if (plain !== undefined) return plain;
    }
    return undefined;
  }
  if (parts[0] !== VERSION || parts.length !== 3 || !parts[1] || !parts[2]) return undefined;
  const secret = candidates.find((s) => keyId(s) === parts[1]);
  return secret ? open(secret, purpose, parts[2]) : undefined;
}
