/**
 * The schema, as numbered steps applied in order and never edited once shipped: a later change
 * is a new step. Times are ISO 8601 UTC text; JSON columns hold JSON text. Keys are kept only as
 * hashes, and signing secrets only encrypted.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Triggers that bump `accounts_version` on every insert, update and delete of `tables`. */
const versionTriggers = (tables: string[]) =>
  tables
    .flatMap((t) => ['INSERT', 'UPDATE', 'DELETE'].map((op) => `CREATE TRIGGER ${t}_${op.toLowerCase()} AFTER ${op} ON ${t} BEGIN UPDATE accounts_version SET version = version + 1; END;`))
    .join('\n      ');

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'accounts, keys, extractions, jobs',
    sql: `
      CREATE TABLE organizations (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'closed')),
        capabilities TEXT NOT NULL DEFAULT '[]',
        monthly_quota INTEGER,
        max_file_bytes INTEGER,
        max_pages INTEGER,
        max_applications INTEGER NOT NULL,
        max_document_types INTEGER NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE applications (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        name TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled', 'archived')),
        capabilities TEXT NOT NULL DEFAULT '[]',
        default_mode TEXT NOT NULL DEFAULT 'standard',
        default_document_type TEXT,
        document_types TEXT,
        data_policy TEXT NOT NULL DEFAULT '{}',
        environment TEXT NOT NULL DEFAULT 'development' CHECK (environment IN ('development', 'test', 'production')),
        pinned_version INTEGER,
        created_at TEXT NOT NULL
      );
      CREATE INDEX applications_by_organization ON applications(organization_id);
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        application_id TEXT NOT NULL REFERENCES applications(id),
        kind TEXT NOT NULL CHECK (kind IN ('secret', 'publishable')),
        environment TEXT NOT NULL CHECK (environment IN ('live', 'test')),
        name TEXT,
        hint TEXT NOT NULL,
        hash BLOB NOT NULL UNIQUE,
        capabilities TEXT NOT NULL DEFAULT '[]',
        rate_limit_per_minute INTEGER,
        monthly_quota INTEGER,
        allowed_ips TEXT,
        allowed_origins TEXT,
        allowed_bundle_ids TEXT,
        expires_at TEXT,
        revoked_at TEXT,
        replaced_by TEXT,
        grace_until TEXT,
        created_at TEXT NOT NULL,
        last_used_at TEXT
      );
      CREATE INDEX api_keys_by_application ON api_keys(application_id);
      CREATE TABLE extractions (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL,
        application_id TEXT NOT NULL REFERENCES applications(id),
        livemode INTEGER NOT NULL,
        key_id TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('queued', 'processing', 'succeeded', 'failed')),
        document_type TEXT,
        schema_id TEXT,
        mode TEXT NOT NULL,
        metadata TEXT,
        body BLOB,
        error TEXT,
        pages INTEGER,
        document_path TEXT,
        created_at TEXT NOT NULL,
        completed_at TEXT,
        expires_at TEXT
      );
      CREATE INDEX extractions_by_application ON extractions(application_id, created_at);
      CREATE INDEX extractions_by_expiry ON extractions(expires_at) WHERE expires_at IS NOT NULL;
      CREATE TABLE jobs (
        extraction_id TEXT PRIMARY KEY REFERENCES extractions(id),
        attempts INTEGER NOT NULL DEFAULT 0,
        run_after TEXT NOT NULL,
        locked_until TEXT,
        input TEXT NOT NULL,
        last_error TEXT
      );
      CREATE INDEX jobs_by_due ON jobs(run_after);
      CREATE TABLE idempotency_keys (
        credential_id TEXT NOT NULL,
        idempotency_key TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        extraction_id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (credential_id, idempotency_key)
      );
      CREATE TABLE events (
        id TEXT PRIMARY KEY,
        application_id TEXT NOT NULL,
        type TEXT NOT NULL,
        extraction_id TEXT,
        payload TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX events_by_application ON events(application_id, created_at);
      CREATE TABLE request_log (
        id INTEGER PRIMARY KEY,
        application_id TEXT,
        key_id TEXT,
        method TEXT NOT NULL,
        route TEXT NOT NULL,
        status INTEGER NOT NULL,
        code TEXT,
        duration_ms REAL NOT NULL,
        documents INTEGER NOT NULL DEFAULT 0,
        pages INTEGER NOT NULL DEFAULT 0,
        sdk TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX request_log_by_application ON request_log(application_id, created_at);
      CREATE INDEX request_log_by_time ON request_log(created_at);
      CREATE TABLE monthly_usage (
        subject TEXT NOT NULL,
        month TEXT NOT NULL,
        documents INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (subject, month)
      );
      CREATE TABLE document_types (
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        key TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
        template TEXT,
        draft TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (organization_id, key)
      );
      CREATE TABLE document_type_versions (
        organization_id TEXT NOT NULL,
        key TEXT NOT NULL,
        version INTEGER NOT NULL,
        schema_id TEXT NOT NULL UNIQUE,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (organization_id, key, version),
        FOREIGN KEY (organization_id, key) REFERENCES document_types(organization_id, key)
      );
      CREATE TABLE members (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        email TEXT NOT NULL,
        password_hash TEXT,
        role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'developer', 'viewer')),
        created_at TEXT NOT NULL,
        UNIQUE (organization_id, email)
      );
      CREATE TABLE audit_log (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        target TEXT,
        details TEXT,
        created_at TEXT NOT NULL
      );
      CREATE TABLE server_settings (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      -- Bumped by every change to what a request is judged by (keys, applications,
      -- organizations, server settings), whoever makes it: the server caches key contexts
      -- and reads only this one row a request to know they are still current.
      CREATE TABLE accounts_version (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        version INTEGER NOT NULL
      );
      INSERT INTO accounts_version (id, version) VALUES (1, 0);
      ${versionTriggers(['organizations', 'applications', 'api_keys', 'server_settings'])}
    `,
  },
  {
    version: 2,
    name: 'webhook endpoints and deliveries',
    sql: `
      CREATE TABLE webhook_endpoints (
        id TEXT PRIMARY KEY,
        application_id TEXT NOT NULL REFERENCES applications(id),
        url TEXT NOT NULL,
        -- Subscribed event types as a JSON array; empty means every event.
        events TEXT NOT NULL DEFAULT '[]',
        -- The signing secret, encrypted (see server/src/webhooks/secret-box.ts).
        secret TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
        disabled_reason TEXT,
        consecutive_failures INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX webhook_endpoints_by_application ON webhook_endpoints(application_id);
      CREATE TABLE webhook_deliveries (
        id TEXT PRIMARY KEY,
        endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
        event_id TEXT NOT NULL REFERENCES events(id),
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'failed', 'succeeded', 'dead')),
        attempts INTEGER NOT NULL DEFAULT 0,
        last_status_code INTEGER,
        last_error TEXT,
        response_ms REAL,
        next_attempt_at TEXT,
        locked_until TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (endpoint_id, event_id)
      );
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_at) WHERE status IN ('pending', 'failed');
      CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries(event_id);
      CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries(endpoint_id, created_at);
      CREATE INDEX events_by_time ON events(created_at);
    `,
  },
  {
    version: 3,
    name: 'console: people, sessions, invitations, access requests, corrections',
    sql: `
      -- A person signs in once and may belong to several organizations: the password moves
      -- from each membership to the person. Memberships keep their email for invitations that
      -- nobody has accepted yet (user_id NULL until then).
      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        password_hash TEXT,
        created_at TEXT NOT NULL
      );
      INSERT INTO users (id, email, password_hash, created_at)
        SELECT 'usr_' || lower(hex(randomblob(12))), lower(email), MAX(password_hash), MIN(created_at) FROM members GROUP BY lower(email);
      ALTER TABLE members ADD COLUMN user_id TEXT REFERENCES users(id);
      UPDATE members SET email = lower(email), user_id = (SELECT id FROM users WHERE users.email = lower(members.email));
      -- 'invited' until accepted; the link's token is kept only as a hash.
      ALTER TABLE members ADD COLUMN status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'invited'));
      ALTER TABLE members ADD COLUMN invitation_hash TEXT;
      ALTER TABLE members ADD COLUMN invitation_expires_at TEXT;
      ALTER TABLE members ADD COLUMN invited_by TEXT;
      CREATE INDEX members_by_user ON members(user_id);
      CREATE UNIQUE INDEX members_by_invitation ON members(invitation_hash) WHERE invitation_hash IS NOT NULL;
      -- The cookie holds a random token; only its SHA-256 is stored.
      CREATE TABLE console_sessions (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        csrf_token TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      );
      CREATE INDEX console_sessions_by_user ON console_sessions(user_id);
      CREATE TABLE access_requests (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        organization_name TEXT NOT NULL,
        use_case TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
        organization_id TEXT,
        decided_by TEXT,
        decided_at TEXT,
        created_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX access_requests_one_pending ON access_requests(email) WHERE status = 'pending';
      -- A pending deletion: the organization stops serving at once and is deleted at this time
      -- unless an owner cancels.
      ALTER TABLE organizations ADD COLUMN deletion_due_at TEXT;
      -- Corrections made in the review view: who, when, and the value before and after.
      CREATE TABLE corrections (
        id TEXT PRIMARY KEY,
        extraction_id TEXT NOT NULL REFERENCES extractions(id) ON DELETE CASCADE,
        field TEXT NOT NULL,
        previous_value TEXT,
        value TEXT,
        user_id TEXT NOT NULL,
        email TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX corrections_by_extraction ON corrections(extraction_id, created_at);
      CREATE INDEX audit_log_by_organization ON audit_log(organization_id, created_at);
      CREATE INDEX audit_log_by_time ON audit_log(created_at);
    `,
  },
  {
    version: 4,
    name: 'idempotency keys: finished claims',
    sql: `
      -- Set with the extraction, in its transaction: a claim left unfinished by a process that died
      -- before storing anything is taken over by the retry, while a finished claim whose extraction
      -- was purged stays a purge. Claims made before this step count as finished when their
      -- extraction is there; the others could be either and are left to their retry.
      ALTER TABLE idempotency_keys ADD COLUMN stored INTEGER NOT NULL DEFAULT 0;
      UPDATE idempotency_keys SET stored = 1 WHERE extraction_id IN (SELECT id FROM extractions);
    `,
  },
];
