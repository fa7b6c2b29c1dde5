import { hash } from 'node:crypto';
import { randomToken } from '../ids.js';

export type KeyKind = 'secret' | 'publishable';
export type KeyEnvironment = 'live' | 'test';

/** Credential prefixes, longest first so `svc_pk_live_` is not read as something shorter. */
export const CREDENTIAL_PREFIXES = [
  { prefix: 'svc_pk_live_', kind: 'publishable', environment: 'live' },
  { prefix: 'svc_pk_test_', kind: 'publishable', environment: 'test' },
  { prefix: 'svc_live_', kind: 'secret', environment: 'live' },
  { prefix: 'svc_test_', kind: 'secret', environment: 'test' },
  { prefix: 'svc_ct_', kind: 'token', environment: null },
] as const;

export type CredentialShape = (typeof CREDENTIAL_PREFIXES)[number];

/** The kind a credential claims by its prefix; null for a string with no valid prefix. */
export function credentialShape(credential: string): CredentialShape | null {
  return CREDENTIAL_PREFIXES.find((p) => credential.startsWith(p.prefix) && credential.length > p.prefix.length) ?? null;
}

/** A new key string: its prefix and 32 random base62 characters (190 bits). */
export function generateKey(kind: KeyKind, environment: KeyEnvironment): string {
  const prefix = kind === 'secret' ? `svc_${environment}_` : `svc_pk_${environment}_`;
  return prefix + randomToken(32);
}

/**
 * What the database keeps of a key: its SHA-256. Keys are long random strings, so a fast hash
 * is enough (no password stretching needed) and a lookup stays one indexed read per request.
 */
export function hashKey(key: string): Buffer {
  return Buffer.from(keyHashHex(key), 'hex');
}

/** `hashKey` as hex: what a request looks its key up by (the one-shot hash is several times cheaper than a createHash object). */
export function keyHashHex(key: string): string {
  return hash('sha256', key);
}

/** The last four characters, shown in listings so an operator can tell keys apart. */
export function keyHint(key: string): string {
  return key.slice(-4);
}
