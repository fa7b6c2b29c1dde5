import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * `length` random base62 characters. Rejection sampling keeps every character equally likely
 * (256 is not a multiple of 62), so ids and keys carry their full entropy.
 */
export function randomToken(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
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
