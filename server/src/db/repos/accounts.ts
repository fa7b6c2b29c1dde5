import { statement, type Db } from '../open-database.js';
import { isoNow, newId } from '../../ids.js';
import type { KeyEnvironment, KeyKind } from '../../auth/key-material.js';

export type Environment = 'development' | 'test' | 'production';
export type Retention = 'zero' | '1h' | '24h' | '30d';

/** An application's data policy: how long results and documents are kept; language models allowed. */
export interface DataPolicy {
  retention: Retention;
  llm: 'enabled' | 'disabled';
}
export const DEFAULT_DATA_POLICY: DataPolicy = { retention: '30d', llm: 'enabled' };

export interface Organization {
  id: string;
  name: string;
  status: 'active' | 'suspended' | 'closed';
  capabilities: string[];
  monthly_quota: number | null;
  max_file_bytes: number | null;
  max_pages: number | null;
  max_applications: number;
  max_document_types: number;
  /** While status is `closed` (scheduled for deletion): when the deletion happens. */
  deletion_due_at: string | null;
  created_at: string;
}

export interface Application {
  id: string;
  organization_id: string;
  name: string;
  status: 'active' | 'disabled' | 'archived';
  environment: Environment;
  capabilities: string[];
  default_mode: string;
  default_document_type: string | null;
  /** Assigned document types; null when the application may use every type. */
  document_types: string[] | null;
  data_policy: DataPolicy;
  pinned_version: number | null;
  created_at: string;
}

export interface ApiKey {
  id: string;
  application_id: string;
  kind: KeyKind;
  environment: KeyEnvironment;
  name: string | null;
  hint: string;
  capabilities: string[];
  rate_limit_per_minute: number | null;
  monthly_quota: number | null;
  allowed_ips: string[];
  allowed_origins: string[];
  allowed_bundle_ids: string[];
  expires_at: string | null;
  revoked_at: string | null;
  replaced_by: string | null;
  created_at: string;
}

/** A key with the application and organization it belongs to: what every request is judged by. */
export interface KeyContext {
  key: ApiKey;
  application: Application;
  organization: Organization;
}

/** Reads of one request: key contexts and settings, current as of `AccountsRepo.current()`. */
export interface AccountsView {
  /** By the key's hash as hex (`keyHashHex`). */
  keyContextByHash(hashHex: string): KeyContext | null;
  keyContextById(id: string): KeyContext | null;
  setting(name: string): string | null;
}

type Row = Record<string, unknown>;
const list = (v: unknown): string[] => (typeof v === 'string' ? (JSON.parse(v) as string[]) : []);

function organizationFrom(r: Row, p = ''): Organization {
  return {
    id: r[`${p}id`] as string,
    name: r[`${p}name`] as string,
    status: r[`${p}status`] as Organization['status'],
    capabilities: list(r[`${p}capabilities`]),
    monthly_quota: (r[`${p}monthly_quota`] as number | null) ?? null,
    max_file_bytes: (r[`${p}max_file_bytes`] as number | null) ?? null,
    max_pages: (r[`${p}max_pages`] as number | null) ?? null,
    max_applications: r[`${p}max_applications`] as number,
    max_document_types: r[`${p}max_document_types`] as number,
    deletion_due_at: (r[`${p}deletion_due_at`] as string | null) ?? null,
    created_at: r[`${p}created_at`] as string,
  };
}

function applicationFrom(r: Row, p = ''): Application {
  const types = r[`${p}document_types`];
  return {
    id: r[`${p}id`] as string,
    organization_id: r[`${p}organization_id`] as string,
    name: r[`${p}name`] as string,
    status: r[`${p}status`] as Application['status'],
    environment: r[`${p}environment`] as Environment,
    capabilities: list(r[`${p}capabilities`]),
    default_mode: r[`${p}default_mode`] as string,
    default_document_type: (r[`${p}default_document_type`] as string | null) ?? null,
    document_types: typeof types === 'string' ? list(types) : null,
    data_policy: { ...DEFAULT_DATA_POLICY, ...(JSON.parse((r[`${p}data_policy`] as string) || '{}') as Partial<DataPolicy>) },
    pinned_version: (r[`${p}pinned_version`] as number | null) ?? null,
    created_at: r[`${p}created_at`] as string,
  };
}

function keyFrom(r: Row, p = ''): ApiKey {
  return {
    id: r[`${p}id`] as string,
    application_id: r[`${p}application_id`] as string,
    kind: r[`${p}kind`] as KeyKind,
    environment: r[`${p}environment`] as KeyEnvironment,
    name: (r[`${p}name`] as string | null) ?? null,
    hint: r[`${p}hint`] as string,
    capabilities: list(r[`${p}capabilities`]),
    rate_limit_per_minute: (r[`${p}rate_limit_per_minute`] as number | null) ?? null,
    monthly_quota: (r[`${p}monthly_quota`] as number | null) ?? null,
    allowed_ips: list(r[`${p}allowed_ips`]),
    allowed_origins: list(r[`${p}allowed_origins`]),
    allowed_bundle_ids: list(r[`${p}allowed_bundle_ids`]),
    expires_at: (r[`${p}expires_at`] as string | null) ?? null,
    revoked_at: (r[`${p}revoked_at`] as string | null) ?? null,
    replaced_by: (r[`${p}replaced_by`] as string | null) ?? null,
    created_at: r[`${p}created_at`] as string,
  };
}

const KEY_COLUMNS = 'id, application_id, kind, environment, name, hint, capabilities, rate_limit_per_minute, monthly_quota, allowed_ips, allowed_origins, allowed_bundle_ids, expires_at, revoked_at, replaced_by, created_at';
const APP_COLUMNS = 'id, organization_id, name, status, environment, capabilities, default_mode, default_document_type, document_types, data_policy, pinned_version, created_at';
const ORG_COLUMNS = 'id, name, status, capabilities, monthly_quota, max_file_bytes, max_pages, max_applications, max_document_types, deletion_due_at, created_at';
const prefixed = (alias: string, columns: string, p: string) =>
  columns
    .split(', ')
    .map((c) => `${alias}.${c} AS ${p}${c}`)
    .join(', ');
const CONTEXT_SELECT = `SELECT ${prefixed('k', KEY_COLUMNS, 'k_')}, ${prefixed('a', APP_COLUMNS, 'a_')}, ${prefixed('o', ORG_COLUMNS, 'o_')}
  FROM api_keys k JOIN applications a ON a.id = k.application_id JOIN organizations o ON o.id = a.organization_id`;

export interface NewOrganization {
  name: string;
  capabilities: readonly string[];
  monthlyQuota: number | null;
  maxApplications: number;
  maxDocumentTypes: number;
}

export interface NewApplication {
  organizationId: string;
  name: string;
  environment: Environment;
  capabilities: readonly string[];
  defaultMode?: string;
  defaultDocumentType?: string | null;
  documentTypes?: string[] | null;
  dataPolicy?: Partial<DataPolicy>;
}

export interface NewKey {
  applicationId: string;
  kind: KeyKind;
  environment: KeyEnvironment;
  hash: Buffer;
  hint: string;
  name?: string | null;
  capabilities: readonly string[];
  rateLimitPerMinute?: number | null;
  monthlyQuota?: number | null;
  allowedIps?: string[];
  allowedOrigins?: string[];
  allowedBundleIds?: string[];
  expiresAt?: string | null;
}

const MAX_CACHED_ENTRIES = 10_000;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Organizations, applications, keys, members and server settings: all their SQL. */
export class AccountsRepo {
  private readonly byHash;
  private readonly byId;
  private readonly version;
  /** What requests read since `cachedVersion`: key contexts by `h<hash hex>` and `i<key id>`, settings by `s<name>`. */
  private readonly cache = new Map<string, KeyContext | string | null>();
  private cachedVersion = -1;

  constructor(readonly db: Db) {
    this.byHash = db.prepare(`${CONTEXT_SELECT} WHERE k.hash = ?`);
    this.byId = db.prepare(`${CONTEXT_SELECT} WHERE k.id = ?`);
    this.version = db.prepare('SELECT version FROM accounts_version WHERE id = 1').pluck();
  }

  createOrganization(o: NewOrganization): Organization {
    const id = newId('tnt_');
    statement(this.db, 'INSERT INTO organizations (id, name, capabilities, monthly_quota, max_applications, max_document_types, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(id, o.name, JSON.stringify(o.capabilities), o.monthlyQuota, o.maxApplications, o.maxDocumentTypes, isoNow());
    return this.organization(id)!;
  }

  countOrganizations(): number {
    return statement(this.db, 'SELECT COUNT(*) FROM organizations').pluck().get() as number;
  }

  organization(id: string): Organization | null {
    const r = statement(this.db, `SELECT ${ORG_COLUMNS} FROM organizations WHERE id = ?`).get(id) as Row | undefined;
    return r ? organizationFrom(r) : null;
  }

  updateOrganization(id: string, change: Partial<Pick<Organization, 'status' | 'monthly_quota' | 'max_file_bytes' | 'max_pages' | 'capabilities'>>): void {
    for (const [column, value] of Object.entries(change)) {
      const v = Array.isArray(value) ? JSON.stringify(value) : value;
      statement(this.db, `UPDATE organizations SET ${column} = ? WHERE id = ?`).run(v, id);
    }
  }

  createApplication(a: NewApplication): Application {
    const id = newId('app_');
    statement(this.db, 
        `INSERT INTO applications (id, organization_id, name, environment, capabilities, default_mode, default_document_type, document_types, data_policy, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        a.organizationId,
        a.name,
        a.environment,
        JSON.stringify(a.capabilities),
        a.defaultMode ?? 'standard',
        a.defaultDocumentType ?? null,
        a.documentTypes ? JSON.stringify(a.documentTypes) : null,
        JSON.stringify({ ...DEFAULT_DATA_POLICY, ...a.dataPolicy }),
        isoNow(),
      );
    return this.application(id)!;
  }

  application(id: string): Application | null {
    const r = statement(this.db, `SELECT ${APP_COLUMNS} FROM applications WHERE id = ?`).get(id) as Row | undefined;
    return r ? applicationFrom(r) : null;
  }

  applications(): Application[] {
    return (statement(this.db, `SELECT ${APP_COLUMNS} FROM applications`).all() as Row[]).map((r) => applicationFrom(r));
  }

  /** An organization's applications, archived ones too, oldest first. */
  applicationsOf(organizationId: string): Application[] {
    return (statement(this.db, `SELECT ${APP_COLUMNS} FROM applications WHERE organization_id = ? ORDER BY created_at, rowid`).all(organizationId) as Row[]).map((r) => applicationFrom(r));
  }

  countApplications(organizationId: string): number {
    return statement(this.db, "SELECT COUNT(*) FROM applications WHERE organization_id = ? AND status != 'archived'").pluck().get(organizationId) as number;
  }

  updateApplication(
    id: string,
    change: Partial<{ name: string; status: Application['status']; capabilities: string[]; default_mode: string; default_document_type: string | null; document_types: string[] | null; data_policy: DataPolicy; pinned_version: number | null }>,
  ): void {
    for (const [column, value] of Object.entries(change)) {
      const v = value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
      statement(this.db, `UPDATE applications SET ${column} = ? WHERE id = ?`).run(v, id);
    }
  }

  createKey(k: NewKey): ApiKey {
    const id = newId('key_');
    statement(this.db, 
        `INSERT INTO api_keys (id, application_id, kind, environment, name, hint, hash, capabilities, rate_limit_per_minute, monthly_quota, allowed_ips, allowed_origins, allowed_bundle_ids, expires_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        k.applicationId,
        k.kind,
        k.environment,
        k.name ?? null,
        k.hint,
        k.hash,
        JSON.stringify(k.capabilities),
        k.rateLimitPerMinute ?? null,
        k.monthlyQuota ?? null,
        JSON.stringify(k.allowedIps ?? []),
        JSON.stringify(k.allowedOrigins ?? []),
        JSON.stringify(k.allowedBundleIds ?? []),
        k.expiresAt ?? null,
        isoNow(),
      );
    return this.keyContextById(id)!.key;
  }

  /**
   * The accounts as a request judges them. Every request asks for its key, application,
   * organization and the API switch, so these are kept in memory while `accounts_version`
   * (bumped by triggers on every change to keys, applications, organizations and settings,
   * from any process) stays the same: one single-row read a request, here, instead of a
   * three-table join and its JSON columns.
   */
  current(): AccountsView {
    this.checkVersion();
    return this.view;
  }

  /** The key whose hash this is, with its application and organization. */
  keyContextByHash(hashHex: string): KeyContext | null {
    return this.current().keyContextByHash(hashHex);
  }

  keyContextById(id: string): KeyContext | null {
    return this.current().keyContextById(id);
  }

  private readonly view: AccountsView = {
    keyContextByHash: (hashHex) => this.cached(`h${hashHex}`, () => this.context(this.byHash.get(Buffer.from(hashHex, 'hex')) as Row | undefined)),
    keyContextById: (id) => this.cached(`i${id}`, () => this.context(this.byId.get(id) as Row | undefined)),
    // An absent setting is remembered too: it is the usual case, and there are few names.
    setting: (name) => this.cached(`s${name}`, () => this.setting(name), true),
  };

  keys(applicationId: string): ApiKey[] {
    return (statement(this.db, `SELECT ${KEY_COLUMNS} FROM api_keys WHERE application_id = ? ORDER BY created_at, rowid`).all(applicationId) as Row[]).map((r) => keyFrom(r));
  }

  /** Keys neither revoked nor past their expiry at `nowIso`. */
  countActiveKeys(applicationId: string, nowIso: string): number {
    return statement(this.db, 'SELECT COUNT(*) FROM api_keys WHERE application_id = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)')
      .pluck()
      .get(applicationId, nowIso) as number;
  }

  /** Keys neither revoked nor past their expiry at `nowIso`, oldest first. */
  activeKeys(applicationId: string, nowIso: string): ApiKey[] {
    return (
      statement(this.db, `SELECT ${KEY_COLUMNS} FROM api_keys WHERE application_id = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?) ORDER BY created_at, rowid`).all(applicationId, nowIso) as Row[]
    ).map((r) => keyFrom(r));
  }

  revokeKey(id: string, at: string): void {
    statement(this.db, 'UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(at, id);
  }

  /** Ends a rotated key's life at `expiresAt` and points it at its successor. */
  retireKey(id: string, expiresAt: string, replacedBy: string): void {
    statement(this.db, 'UPDATE api_keys SET expires_at = ?, grace_until = ?, replaced_by = ? WHERE id = ?').run(expiresAt, expiresAt, replacedBy, id);
  }

  audit(organizationId: string, actor: string, action: string, target: string | null, details: unknown = null): void {
    statement(this.db, 'INSERT INTO audit_log (id, organization_id, actor, action, target, details, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(newId('aud_'), organizationId, actor, action, target, details === null ? null : JSON.stringify(details), isoNow());
  }

  setting(name: string): string | null {
    return (statement(this.db, 'SELECT value FROM server_settings WHERE name = ?').pluck().get(name) as string | undefined) ?? null;
  }

  /** Writes a setting only when it is not there yet; returns the value that holds. */
  settingOnce(name: string, value: string): string {
    statement(this.db, 'INSERT INTO server_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING').run(name, value);
    return this.setting(name)!;
  }

  putSetting(name: string, value: string): void {
    statement(this.db, 'INSERT INTO server_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value').run(name, value);
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  private context(r: Row | undefined): KeyContext | null {
    return r ? { key: keyFrom(r, 'k_'), application: applicationFrom(r, 'a_'), organization: organizationFrom(r, 'o_') } : null;
  }

  private checkVersion(): void {
    const version = this.version.get() as number;
    if (version === this.cachedVersion) return;
    this.cache.clear();
    this.cachedVersion = version;
  }

  /**
   * `read()`, remembered until the version changes. Not remembered: what a transaction reads
   * (a rollback could take it back), and a missing key context unless `keepMissing` (so that
   * guessing credentials cannot fill the cache).
   */
  private cached<T extends KeyContext | string>(cacheKey: string, read: () => T | null, keepMissing = false): T | null {
    if (this.db.inTransaction) return read();
    if (this.cache.has(cacheKey)) return this.cache.get(cacheKey) as T | null;
    // Frozen: one object now answers many requests, none of which may change it.
    const value = deepFreeze(read());
    if (value === null && !keepMissing) return null;
    if (this.cache.size >= MAX_CACHED_ENTRIES) this.cache.clear();
    this.cache.set(cacheKey, value);
    return value;
  }
}
