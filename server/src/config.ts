import { resolve } from 'node:path';
import { verificationFromEnv } from '../../engine/src/node/extract-command.js';
import type { VerificationEndpoint } from '../../engine/src/extract/verify/chat-client.js';

/** The server's settings, read once from the environment at start. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Holds the SQLite file and stored documents. */
  dataDir: string;
  /** Key for secrets kept at rest (webhook signing secrets); null when none is configured. */
  encryptionKey: Buffer | null;
  /** Verified mode's language model; null when none is configured. */
  llm: VerificationEndpoint | null;
  /** Defaults for a new organization; the operator may change them per organization. */
  organizationDefaults: {
    /** Accepted extractions a UTC month; null for no quota. */
    monthlyQuota: number | null;
    maxApplications: number;
    maxDocumentTypes: number;
  };
  /** Memory for finished results already read once (`GET /v1/extractions/{id}`), in bytes. */
  resultCacheBytes: number;
}

/** One or more environment variables are unusable; `problems` names each, without its value. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads `PORT` (default 8080), `HOST` (127.0.0.1), `DATA_DIR` (./data), `DOCEX_ENCRYPTION_KEY`
 * (32 bytes as 64 hex digits or base64), `DOCEX_LLM_*` (see the CLI), `DOCEX_ORG_MONTHLY_QUOTA`,
 * `DOCEX_ORG_MAX_APPLICATIONS` (20), `DOCEX_ORG_MAX_DOCUMENT_TYPES` (50) and
 * `DOCEX_RESULT_CACHE_MB` (32; 0 keeps no results in memory). Every problem is
 * reported at once, so one start shows all of them.
 */
export function readServerConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): ServerConfig {
  const problems: string[] = [];
  const int = <F extends number | null>(name: string, fallback: F, min: number, max: number): number | F => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}`);
      return fallback;
    }
    return n;
  };
  const port = int('PORT', 8080, 0, 65535);
  const host = env.HOST?.trim() || '127.0.0.1';
  const dataDir = resolve(cwd, env.DATA_DIR?.trim() || 'data');
  const encryptionKey = readKey(env.DOCEX_ENCRYPTION_KEY, problems);
  const llm = verificationFromEnv(env);
  if ('error' in llm) problems.push(llm.error);
  const organizationDefaults = {
    monthlyQuota: int('DOCEX_ORG_MONTHLY_QUOTA', null, 1, 1_000_000_000),
    maxApplications: int('DOCEX_ORG_MAX_APPLICATIONS', 20, 1, 10_000),
    maxDocumentTypes: int('DOCEX_ORG_MAX_DOCUMENT_TYPES', 50, 1, 10_000),
  };
  const resultCacheBytes = int('DOCEX_RESULT_CACHE_MB', 32, 0, 65_536) * 1024 * 1024;
  if (problems.length > 0) throw new ConfigError(problems);
  return { port, host, dataDir, encryptionKey, llm: 'endpoint' in llm ? llm.endpoint : null, organizationDefaults, resultCacheBytes };
}

function readKey(raw: string | undefined, problems: string[]): Buffer | null {
  const text = raw?.trim();
  if (!text) return null;
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : /^[A-Za-z0-9+/]{43}=?$/.test(text) ? Buffer.from(text, 'base64') : null;
  if (!key || key.length !== 32) {
    problems.push('DOCEX_ENCRYPTION_KEY must be 32 bytes, written as 64 hex digits or in base64');
    return null;
  }
  return key;
}
