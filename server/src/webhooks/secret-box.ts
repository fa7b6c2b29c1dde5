import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ServiceError } from '../../../engine/src/errors/service-error.js';

/** Where `npm start` keeps the key it made, when the operator configured none. */
export const KEY_FILE = 'encryption.key';

/**
 * Secrets at rest (webhook signing secrets), sealed with AES-256-GCM: `v1.<iv>.<tag>.<data>`
 * in base64url. The authentication tag makes a wrong key or an edited value fail to open
 * instead of yielding a wrong secret.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  /** Throws `encryption_unconfigured` when the value was sealed under another key (or edited). */
  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    try {
      if (version !== 'v1' || data === undefined) throw new Error('unknown format');
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch (err) {
      throw new ServiceError('encryption_unconfigured', { message: 'A stored signing secret cannot be opened with the configured encryption key.', cause: err });
    }
  }
}

/**
 * The key for secrets at rest: `DOCEX_ENCRYPTION_KEY` when configured; otherwise, unless the
 * deployment forbids it (`DOCEX_ENCRYPTION_KEY_AUTO=0`), a key made once and kept in
 * `DATA_DIR/encryption.key` (mode 0600), so `npm start` works out of the box. Null when
 * neither: saving a signing secret then answers 503 `encryption_unconfigured`.
 */
export function loadSecretBox(configured: Buffer | null, dataDir: string, autoKey: boolean): SecretBox | null {
  if (configured) return new SecretBox(configured);
  if (!autoKey) return null;
  const path = join(dataDir, KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(path)) makeKeyFile(path);
  const text = readFileSync(path, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/i.test(text)) throw new Error(`${path} does not hold a 32-byte key in hex; remove it only if no signing secret was sealed with it`);
  return new SecretBox(Buffer.from(text, 'hex'));
}

/**
 * Writes a new key whole to a private file, then links it into place: of two processes starting
 * on an empty directory, one key wins and both read it, never a half-written file.
 */
function makeKeyFile(path: string): void {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(tmp, path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(tmp);
  }
}
