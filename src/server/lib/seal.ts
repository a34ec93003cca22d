import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets kept at rest (DESIGN.md §3), under a key derived from APP_SECRET for
 * one purpose alone (HKDF-SHA256), so a key for mail payloads never opens a stored token.
 * Sealed text: 'v1.' + base64url(iv ‖ tag ‖ ciphertext); the version names the scheme, so a
 * later key rotation can tell old from new.
 */
const VERSION = 'v1';

function keyFor(secret: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `hourbook:${purpose}`, 32));
}

export function seal(secret: Buffer, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The plain text, or undefined when the text was not sealed for this purpose under this secret. */
export function unseal(secret: Buffer, purpose: string, sealed: string): string | undefined {
  const [version, data] = sealed.split('.');
  if (version !== VERSION || !data) return undefined;
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
