import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * Random bytes drawn from the CSPRNG 4 kB at a time: a request makes at least one id, and a
 * call into OpenSSL per id cost more than the rest of the id.
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let offset = 0;
function randomByte(): number {
  if (offset >= pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  return pool[offset++];
}

/**
 * `length` random base62 characters. Rejection sampling keeps every character equally likely
 * (256 is not a multiple of 62), so ids and keys carry their full entropy.
 */
export function randomToken(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

/** Resource ids: a prefix (`svc_req_`, `app_`, `tnt_`, `key_`, `evt_`...) and 24 random characters. */
export function newId(prefix: string): string {
  return prefix + randomToken(24);
}

/** Now as the ISO 8601 UTC text the database stores. */
export function isoNow(now: Date = new Date()): string {
  return now.toISOString();
}
