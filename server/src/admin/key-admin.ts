import { ServiceError } from '../../../engine/src/errors/service-error.js';
import { CAPABILITIES, isCapability, SERVER_ONLY_CAPABILITIES } from '../auth/capabilities.js';
import { generateKey, hashKey, keyHint, type KeyKind } from '../auth/key-material.js';
import { checkRestrictionsApplicable, normalizeAllowedIps, normalizeAllowedOrigins, normalizeBundleIds } from '../auth/key-restrictions.js';
import type { AccountsRepo, ApiKey, Application } from '../db/repos/accounts.js';
import { isoNow } from '../ids.js';

const MAX_ACTIVE_KEYS = 25;
const DEFAULT_GRACE_HOURS = 24;

export interface KeyRequest {
  kind: unknown;
  name?: string | null;
  /** Default: every capability the kind may hold. */
  scopes?: unknown;
  rate_limit_per_minute?: unknown;
  monthly_quota?: unknown;
  expires_in_days?: unknown;
  allowed_ips?: unknown;
  allowed_origins?: unknown;
  allowed_bundle_ids?: unknown;
}

/** A key as listed: never the key itself, which is shown once at creation. */
export function keySummary(k: ApiKey, now = new Date()) {
  const state = k.revoked_at ? 'revoked' : k.expires_at && Date.parse(k.expires_at) <= now.getTime() ? 'expired' : 'active';
  return { id: k.id, kind: k.kind, livemode: k.environment === 'live', name: k.name, hint: `...${k.hint}`, state, scopes: k.capabilities, rate_limit_per_minute: k.rate_limit_per_minute, monthly_quota: k.monthly_quota, allowed_ips: k.allowed_ips, allowed_origins: k.allowed_origins, allowed_bundle_ids: k.allowed_bundle_ids, expires_at: k.expires_at, revoked_at: k.revoked_at, replaced_by: k.replaced_by, created_at: k.created_at };
}

const wholeIn = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/**
 * Key administration for the operator CLI and the console: creation with every console rule of
 * the spec (kind, scopes, expiry, restrictions, limits, 25 active keys), rotation with grace,
 * revocation. Returns the key string once; only its hash is stored.
 */
export class KeyAdmin {
  constructor(private readonly accounts: AccountsRepo) {}

  /**
   * A new key; with `actor` (the console's signed-in person), the creation is written to the
   * audit log in the same transaction. The count of active keys is read in that transaction too,
   * so two creations at once cannot pass 25.
   */
  create(application: Application, req: KeyRequest, actor?: string): { key: string; record: ApiKey } {
    return this.accounts.transaction(() => {
      const made = this.createKey(application, req);
      if (actor !== undefined) this.accounts.audit(application.organization_id, actor, 'key.created', made.record.id, { application: application.id, kind: made.record.kind, name: made.record.name });
      return made;
    });
  }

  private createKey(application: Application, req: KeyRequest): { key: string; record: ApiKey } {
    const org = this.accounts.organization(application.organization_id);
    if (!org || org.status !== 'active') throw new ServiceError('tenant_inactive');
    if (application.status !== 'active') throw new ServiceError('application_inactive');
    if (req.kind !== 'secret' && req.kind !== 'publishable') throw new ServiceError('invalid_kind', { param: 'kind' });
    const kind: KeyKind = req.kind;
    const allowedForKind = CAPABILITIES.filter((c) => kind === 'secret' || !SERVER_ONLY_CAPABILITIES.includes(c));
    let scopes: string[] = [...allowedForKind];
    if (req.scopes !== undefined) {
      if (!Array.isArray(req.scopes) || !req.scopes.every(isCapability)) throw new ServiceError('unknown_scope', { param: 'scopes' });
      if (kind === 'publishable' && req.scopes.some((s) => SERVER_ONLY_CAPABILITIES.includes(s))) throw new ServiceError('scope_not_public', { param: 'scopes' });
      scopes = [...new Set(req.scopes as string[])];
    }
    const beyond = scopes.filter((s) => !org.capabilities.includes(s) || !application.capabilities.includes(s));
    if (req.scopes !== undefined && beyond.length > 0) throw new ServiceError('scope_not_granted', { details: { not_granted: beyond } });
    if (req.scopes === undefined) scopes = scopes.filter((s) => !beyond.includes(s));
    if (scopes.length === 0) throw new ServiceError('no_scopes', { param: 'scopes' });
    if (req.rate_limit_per_minute != null && !wholeIn(req.rate_limit_per_minute, 1, 100_000)) throw new ServiceError('invalid_rate_limit', { param: 'rate_limit_per_minute' });
    if (req.monthly_quota != null && !wholeIn(req.monthly_quota, 1, Number.MAX_SAFE_INTEGER)) throw new ServiceError('invalid_quota', { param: 'monthly_quota' });
    if (req.expires_in_days != null && !wholeIn(req.expires_in_days, 1, 3650)) throw new ServiceError('invalid_expiry', { param: 'expires_in_days' });
    checkRestrictionsApplicable(kind, req);
    const allowedIps = req.allowed_ips == null ? [] : normalizeAllowedIps(req.allowed_ips);
    const allowedOrigins = req.allowed_origins == null ? [] : normalizeAllowedOrigins(req.allowed_origins);
    const allowedBundleIds = req.allowed_bundle_ids == null ? [] : normalizeBundleIds(req.allowed_bundle_ids);
    if (this.accounts.countActiveKeys(application.id, isoNow()) >= MAX_ACTIVE_KEYS) throw new ServiceError('too_many_credentials');

    const environment = application.environment === 'production' ? 'live' : 'test';
    const key = generateKey(kind, environment);
    const record = this.accounts.createKey({
      applicationId: application.id,
      kind,
      environment,
      hash: hashKey(key),
      hint: keyHint(key),
      name: req.name ?? null,
      capabilities: scopes,
      rateLimitPerMinute: (req.rate_limit_per_minute as number | null | undefined) ?? null,
      monthlyQuota: (req.monthly_quota as number | null | undefined) ?? null,
      allowedIps,
      allowedOrigins,
      allowedBundleIds,
      expiresAt: req.expires_in_days == null ? null : new Date(Date.now() + (req.expires_in_days as number) * 86_400_000).toISOString(),
    });
    return { key, record };
  }

  /**
   * A new key with the same name, capabilities and restrictions; the old one stays active for
   * `graceHours` (0 to 168, default 24; 0 revokes it at once), or less if it was due earlier.
   */
  rotate(applicationId: string, keyId: string, graceHours: unknown = DEFAULT_GRACE_HOURS, actor = 'operator'): { key: string; record: ApiKey; old: ApiKey } {
    const ctx = this.accounts.keyContextById(keyId);
    if (!ctx || ctx.application.id !== applicationId) throw new ServiceError('credential_not_found');
    if (!wholeIn(graceHours, 0, 168)) throw new ServiceError('invalid_grace', { param: 'grace_hours' });
    const old = ctx.key;
    const now = new Date();
    if (old.revoked_at || (old.expires_at && Date.parse(old.expires_at) <= now.getTime())) throw new ServiceError('credential_inactive');
    return this.accounts.transaction(() => {
      // Grace 0 revokes first, so that an application at its 25 active keys can still rotate one.
      if (graceHours === 0) this.accounts.revokeKey(old.id, now.toISOString());
      const next = this.createKey(ctx.application, {
        kind: old.kind,
        name: old.name,
        scopes: old.capabilities,
        rate_limit_per_minute: old.rate_limit_per_minute,
        monthly_quota: old.monthly_quota,
        allowed_ips: old.allowed_ips,
        allowed_origins: old.kind === 'publishable' ? old.allowed_origins : undefined,
        allowed_bundle_ids: old.kind === 'publishable' ? old.allowed_bundle_ids : undefined,
      });
      const graceEnd = new Date(now.getTime() + (graceHours as number) * 3_600_000).toISOString();
      const end = old.expires_at && old.expires_at < graceEnd ? old.expires_at : graceEnd;
      this.accounts.retireKey(old.id, end, next.record.id);
      this.accounts.audit(ctx.organization.id, actor, 'key.rotated', old.id, { application: applicationId, replaced_by: next.record.id, grace_hours: graceHours });
      // The new key is as created; only the old one has changed since it was read.
      return { ...next, old: this.accounts.keyContextById(old.id)!.key };
    });
  }

  revoke(applicationId: string, keyId: string, actor = 'operator'): ApiKey {
    const ctx = this.accounts.keyContextById(keyId);
    if (!ctx || ctx.application.id !== applicationId) throw new ServiceError('credential_not_found');
    if (ctx.key.revoked_at) throw new ServiceError('already_revoked');
    return this.accounts.transaction(() => {
      this.accounts.revokeKey(keyId, isoNow());
      this.accounts.audit(ctx.organization.id, actor, 'key.revoked', keyId, { application: applicationId });
      return this.accounts.keyContextById(keyId)!.key;
    });
  }

  /**
   * Revokes every active key of the application (archiving it), each written to the audit log
   * with `reason`. Runs in the caller's transaction when there is one. Returns the keys revoked.
   */
  revokeActive(application: Application, actor: string, reason: string): ApiKey[] {
    return this.accounts.transaction(() => {
      const now = isoNow();
      const keys = this.accounts.activeKeys(application.id, now);
      for (const k of keys) {
        this.accounts.revokeKey(k.id, now);
        this.accounts.audit(application.organization_id, actor, 'key.revoked', k.id, { application: application.id, reason });
      }
      return keys;
    });
  }
}
