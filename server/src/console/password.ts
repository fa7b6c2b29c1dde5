import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

/**
 * Console passwords, chosen by people, are kept as `scrypt$<salt hex>$<hash hex>` (N = 16384,
 * r = 8, p = 1: Node's defaults, about 50 ms a hash). The server hashes on libuv's thread pool so
 * a sign-in does not stall other requests; the CLI may use the synchronous form.
 */
const KEY_BYTES = 32;
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

export function hashPasswordSync(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('hex')}$${scryptSync(password, salt, KEY_BYTES).toString('hex')}`;
}

const scryptAsync = (password: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) => scrypt(password, salt, KEY_BYTES, (err, key) => (err ? reject(err) : resolve(key))));

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('hex')}$${(await scryptAsync(password, salt)).toString('hex')}`;
}

/** A stored hash to compare against when the email is unknown, so timing does not tell. */
const DECOY = hashPasswordSync(randomBytes(12).toString('hex'));

/** True when `password` matches `stored`; a null or unreadable hash never matches (but costs the same time). */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? DECOY).split('$');
  const ok = parts.length === 3 && parts[0] === 'scrypt';
  const [, saltHex, hashHex] = ok ? parts : DECOY.split('$');
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await scryptAsync(password, Buffer.from(saltHex, 'hex'));
  return ok && stored !== null && expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The password rule of the console: 10 to 200 characters. */
export function acceptablePassword(password: unknown): password is string {
  return typeof password === 'string' && password.length >= MIN_PASSWORD_LENGTH && password.length <= MAX_PASSWORD_LENGTH;
}
