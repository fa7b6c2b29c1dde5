import type { FastifyRequest } from 'fastify';
import { ServiceError } from '../../../engine/src/errors/service-error.js';
import type { AccountsView, ApiKey, Application, KeyContext, Organization } from '../db/repos/accounts.js';
import { effectiveCapabilities, PUBLIC_CAPABILITIES, type Capability } from './capabilities.js';
import { verifyToken, type TokenClaims } from './client-token.js';
import { credentialShape, keyHashHex } from './key-material.js';
import { bundleIdAllowed, ipAllowed, originAllowed } from './key-restrictions.js';

/** Which credentials an endpoint takes. */
export type CredentialRule =
  /** Secret keys and client tokens (most endpoints). */
  | 'standard'
  /** Secret keys only (`POST /v1/client-tokens`, `POST /v1/document-types`). */
  | 'secret'
  /** Publishable keys only (`POST /v1/client-sessions`). */
  | 'publishable';

export type CredentialKind = 'secret' | 'publishable' | 'client_token';

/** Who is calling, after every check of the spec's credential order has passed. */
export interface AuthContext {
  kind: CredentialKind;
  key: ApiKey;
  application: Application;
  organization: Organization;
  livemode: boolean;
  /** Capabilities held after all layers apply. */
  scopes: readonly Capability[];
  /** Set for a client token. */
  token: TokenClaims | null;
  rateLimitPerMinute: number;
}

export const DEFAULT_RATE_LIMITS = { live: 120, test: 30 } as const;

/**
 * The credential of a request: `Authorization: Bearer ...` or `X-Service-Key`. Two different
 * credentials (both headers, or either header repeated, which Node would quietly fold to the
 * first) are no credential of ours: '' (`invalid_credentials`), never whichever came first.
 */
export function credentialOf(request: FastifyRequest): string | null {
  let found: string | null = null;
  const raw = request.raw.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (name !== 'authorization' && name !== 'x-service-key') continue;
    const value = raw[i + 1].trim();
    if (value === '') continue;
    const m = name === 'authorization' ? /^Bearer\s+(\S+)$/i.exec(value) : null;
    // Another scheme than Bearer: present but not a credential of ours.
    const credential = name === 'authorization' ? (m ? m[1] : '') : value;
    if (found !== null && found !== credential) return '';
    found = credential;
  }
  return found;
}

/**
 * The spec's credential and access checks, in its order, before anything else of the request
 * is examined: presence, prefix, the endpoint's credential kind (judged by prefix), the key or
 * token itself, its state, its organization and application, then its IP, origin or bundle
 * restrictions. Throws the first code that applies.
 */
export function authenticate(request: FastifyRequest, rule: CredentialRule, accounts: AccountsView, tokenSecret: Buffer, now = new Date()): AuthContext {
  const credential = credentialOf(request);
  if (credential === null) throw new ServiceError('missing_credentials');
  const shape = credentialShape(credential);
  if (!shape) throw new ServiceError('invalid_credentials');

  if (shape.kind === 'publishable' && rule !== 'publishable') throw new ServiceError('publishable_key_not_allowed');
  if (shape.kind !== 'publishable' && rule === 'publishable') throw new ServiceError('publishable_key_required');
  if (shape.kind === 'token' && rule === 'secret') throw new ServiceError('secret_key_required');

  let ctx: KeyContext | null;
  let token: TokenClaims | null = null;
  if (shape.kind === 'token') {
    token = verifyToken(credential, tokenSecret);
    if (!token) throw new ServiceError('invalid_token');
    if (token.expires_at * 1000 <= now.getTime()) throw new ServiceError('token_expired');
    ctx = accounts.keyContextById(token.key);
    if (!ctx) throw new ServiceError('invalid_token');
  } else {
    ctx = accounts.keyContextByHash(keyHashHex(credential));
    if (!ctx) throw new ServiceError('invalid_api_key');
  }
  const { key, application, organization } = ctx;
  if (key.revoked_at !== null) throw new ServiceError('api_key_revoked');
  if (key.expires_at !== null && Date.parse(key.expires_at) <= now.getTime()) throw new ServiceError('api_key_expired');
  if (token && token.application !== application.id) throw new ServiceError('invalid_token');
  if (organization.status === 'suspended') throw new ServiceError('tenant_suspended');
  if (organization.status === 'closed') throw new ServiceError('tenant_closed');
  if (application.status !== 'active') throw new ServiceError('application_disabled');

  // Restrictions: IPs for requests made with the key itself (not its tokens); origins and
  // bundle ids for a restricted publishable key.
  if (!token && key.allowed_ips.length > 0 && !ipAllowed(request.ip, key.allowed_ips)) throw new ServiceError('ip_not_allowed');
  if (key.kind === 'publishable' && (key.allowed_origins.length > 0 || key.allowed_bundle_ids.length > 0)) {
    const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
    const bundle = request.headers['x-service-bundle-id'];
    const ok = originAllowed(origin, key.allowed_origins) || bundleIdAllowed(typeof bundle === 'string' ? bundle : undefined, key.allowed_bundle_ids);
    if (!ok) throw new ServiceError('origin_not_allowed');
  }

  return {
    kind: token ? 'client_token' : key.kind,
    key,
    application,
    organization,
    livemode: key.environment === 'live',
    // A token holds at most its key's capabilities, the public ones, and its own scopes.
    scopes: token ? effectiveCapabilities(keyScopes(ctx), PUBLIC_CAPABILITIES, token.scopes) : keyScopes(ctx),
    token,
    rateLimitPerMinute: key.rate_limit_per_minute ?? DEFAULT_RATE_LIMITS[key.environment],
  };
}

/**
 * What a key may do: granted to its organization, enabled on its application, held by the key,
 * and public for a publishable key. Worked out once a key context (contexts are cached and frozen).
 */
const scopesOfContext = new WeakMap<KeyContext, readonly Capability[]>();
function keyScopes(ctx: KeyContext): readonly Capability[] {
  let scopes = scopesOfContext.get(ctx);
  if (!scopes) {
    const { key, application, organization } = ctx;
    const layers = [organization.capabilities, application.capabilities, key.capabilities, ...(key.kind === 'publishable' ? [PUBLIC_CAPABILITIES] : [])];
    scopesOfContext.set(ctx, (scopes = Object.freeze(effectiveCapabilities(...layers))));
  }
  return scopes;
}

/** `missing_capability` listing what the caller lacks of `needed`. */
export function requireCapabilities(auth: AuthContext, needed: readonly Capability[]): void {
  const missing = needed.filter((c) => !auth.scopes.includes(c));
  if (missing.length > 0) throw new ServiceError('missing_capability', { details: { missing } });
}
