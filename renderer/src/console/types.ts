/** Shapes the console API answers (docs/console.md). */
export type Role = 'owner' | 'admin' | 'developer' | 'viewer';

export interface SessionInfo {
  user: { id: string; email: string };
  organizations: { id: string; name: string; status: string; role: Role }[];
  csrf_token: string;
}

export interface ListOf<T> {
  data: T[];
  next_cursor?: string | null;
}

export type Environment = 'development' | 'test' | 'production';

export interface Organization {
  id: string;
  name: string;
  status: 'active' | 'suspended' | 'scheduled_for_deletion';
  deletion_due_at: string | null;
  capabilities: string[];
  monthly_quota: number | null;
  documents_this_month: number;
  role: Role;
  created_at: string;
}

export interface Application {
  id: string;
  name: string;
  environment: Environment;
  status: 'active' | 'disabled' | 'archived';
  capabilities: string[];
  default_mode: string;
  default_document_type: string | null;
  document_types: string[] | null;
  pinned_version: number | null;
  data_policy: { retention: 'zero' | '1h' | '24h' | '30d'; llm: 'enabled' | 'disabled' };
  created_at: string;
  active_keys: number;
}

export interface KeySummary {
  id: string;
  kind: 'secret' | 'publishable';
  livemode: boolean;
  name: string | null;
  hint: string;
  state: 'active' | 'revoked' | 'expired';
  scopes: string[];
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

/** What may manage what (docs/console.md, Roles); the server decides, the pages only hide what would be refused. */
const RANK: Record<Role, number> = { viewer: 0, developer: 1, admin: 2, owner: 3 };
export const canManageApp = (role: Role | undefined, environment: Environment) => role !== undefined && RANK[role] >= (environment === 'production' ? 2 : 1);
export const atLeast = (role: Role | undefined, least: Role) => role !== undefined && RANK[role] >= RANK[least];

export const EVENT_TYPES = ['extraction.completed', 'extraction.failed', 'verification.completed'] as const;

export interface WebhookEndpoint {
  id: string;
  url: string;
  events: string[];
  status: 'enabled' | 'disabled';
  disabled_reason: string | null;
  consecutive_failures: number;
  created_at: string;
}

export interface WebhookDelivery {
  id: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'failed' | 'succeeded' | 'dead';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  response_ms: number | null;
  next_attempt_at: string | null;
  created_at: string;
}
