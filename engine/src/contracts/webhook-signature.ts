import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Webhook signatures, for the sender and for receivers: `Service-Signature: t=<unix>,v1=<hex>`,
 * the hex being HMAC-SHA256 with the endpoint secret over `<t>.<raw body>`. Pure JavaScript
 * (no `node:crypto`), so the same code runs in Node, in a browser and in edge runtimes.
 */

export const SIGNATURE_HEADER = 'Service-Signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;

const toBytes = (v: string | Uint8Array) => (typeof v === 'string' ? utf8ToBytes(v) : v);

/** The hex HMAC-SHA256 of `<t>.<body>` under `secret`. */
export function computeSignature(body: string | Uint8Array, timestamp: number, secret: string): string {
  const prefix = utf8ToBytes(`${timestamp}.`);
  const raw = toBytes(body);
  const message = new Uint8Array(prefix.length + raw.length);
  message.set(prefix);
  message.set(raw, prefix.length);
  return bytesToHex(hmac(sha256, utf8ToBytes(secret), message));
}

/** The header value for `body` sent at `timestamp` (Unix seconds). */
export function signatureHeader(body: string | Uint8Array, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${computeSignature(body, timestamp, secret)}`;
}

export type VerifyFailure = 'malformed_header' | 'timestamp_outside_tolerance' | 'signature_mismatch';
export type VerifyResult = { ok: true; timestamp: number } | { ok: false; reason: VerifyFailure };

export interface VerifyOptions {
  /** How far `t` may be from the receiver's clock, either way (default 300 s). */
  toleranceSeconds?: number;
  /** The receiver's clock in Unix seconds (default now). */
  now?: number;
}

/**
 * The spec's four verification rules: split the header on commas into `t` and `v1`; reject a
 * `t` more than the tolerance away from the clock; compute the HMAC over `<t>.` and the raw
 * body as received (before any JSON parsing); compare with `v1` in constant time. Several `v1`
 * entries are allowed, any one may match.
 */
export function verifySignature(rawBody: string | Uint8Array, header: string | null | undefined, secret: string, options: VerifyOptions = {}): VerifyResult {
  if (typeof header !== 'string' || header.length === 0) return { ok: false, reason: 'malformed_header' };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === null || signatures.length === 0) return { ok: false, reason: 'malformed_header' };
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return { ok: false, reason: 'timestamp_outside_tolerance' };
  const expected = computeSignature(rawBody, timestamp, secret);
  // Every candidate is compared in full, so the time taken says nothing about where they differ.
  let matched = false;
  for (const candidate of signatures) matched = constantTimeEqual(expected, candidate) || matched;
  return matched ? { ok: true, timestamp } : { ok: false, reason: 'signature_mismatch' };
}

/** Equal-length strings compared without an early exit. */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
