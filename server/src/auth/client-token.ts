import { createHmac, timingSafeEqual } from 'node:crypto';
import { randomToken } from '../ids.js';

const TOKEN_PREFIX = 'svc_ct_';

/** What a client token carries; signed, and re-checked against its key on every request. */
export interface TokenClaims {
  /** Id of the minting key. */
  key: string;
  /** Application of the key when the token was minted. */
  application: string;
  scopes: string[];
  /** Document types the token is limited to. */
  document_types: string[];
  /** Unix seconds. */
  issued_at: number;
  expires_at: number;
  /** Makes two tokens minted in the same second differ. */
  nonce: string;
}

/**
 * `svc_ct_<base64url claims>.<base64url HMAC-SHA256>`: stateless, so checking one costs no
 * database read beyond its key's, which every request re-reads anyway (revocation must bite on
 * the next request).
 */
export function signToken(claims: Omit<TokenClaims, 'nonce'>, secret: Buffer): string {
  const body = Buffer.from(JSON.stringify({ ...claims, nonce: randomToken(8) })).toString('base64url');
  return `${TOKEN_PREFIX}${body}.${mac(body, secret)}`;
}

/** The claims of a well-formed token with a good signature; null otherwise (`invalid_token`). */
export function verifyToken(token: string, secret: Buffer): TokenClaims | null {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const [body, signature, extra] = token.slice(TOKEN_PREFIX.length).split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(body, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenClaims;
    const ok =
      typeof claims.key === 'string' &&
      typeof claims.application === 'string' &&
      Array.isArray(claims.scopes) &&
      Array.isArray(claims.document_types) &&
      Number.isInteger(claims.expires_at) &&
      Number.isInteger(claims.issued_at);
    return ok ? claims : null;
  } catch {
    return null;
  }
}

function mac(body: string, secret: Buffer): string {
  return createHmac('sha256', secret).update(TOKEN_PREFIX + body).digest('base64url');
}
