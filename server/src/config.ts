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
  /** Make a key in `DATA_DIR` when none is configured (`DOCEX_ENCRYPTION_KEY_AUTO`, default on). */
  autoEncryptionKey: boolean;
  /** The server's address as its users reach it; the webhook User-Agent links its documentation there. */
  publicUrl: string;
  /**
   * `DOCEX_TRUST_PROXY=1`: the server sits behind a reverse proxy that terminates TLS, so the
   * client's address and protocol come from `X-Forwarded-For` and `X-Forwarded-Proto` (rate
   * limits by IP, the console cookie's `Secure`). Off by default: anyone could send those headers.
   */
  trustProxy: boolean;
  webhooks: WebhookSettings;
}

/** Operator settings of webhook delivery (the development ones are off by default). */
export interface WebhookSettings {
  /** `WEBHOOK_ALLOW_PRIVATE_TARGETS=1`: private and loopback targets allowed, for a receiver on the same machine. */
  allowPrivateTargets: boolean;
  /** The seven pauses between attempts, in seconds (`WEBHOOK_RETRY_SCHEDULE` replaces them). */
  retrySchedule: number[];
}

/** The spec's pauses before attempts 2 to 8: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h. */
export const RETRY_SCHEDULE_SECONDS: readonly number[] = [60, 300, 1800, 7200, 21600, 43200, 86400];

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
 * `DOCEX_RESULT_CACHE_MB` (32; 0 keeps no results in memory), `DOCEX_ENCRYPTION_KEY_AUTO` (1; 0
 * forbids a key kept in the data directory), `DOCEX_PUBLIC_URL` (http://HOST:PORT),
 * `DOCEX_TRUST_PROXY` (0), `WEBHOOK_ALLOW_PRIVATE_TARGETS` (0) and `WEBHOOK_RETRY_SCHEDULE` (the
 * spec's pauses). Every
 * problem is reported at once, so one start shows all of them.
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
  const autoEncryptionKey = flag(env, 'DOCEX_ENCRYPTION_KEY_AUTO', true, problems);
  const publicUrl = readPublicUrl(env.DOCEX_PUBLIC_URL, `http://${host.includes(':') ? `[${host}]` : host}:${port}`, problems);
  const trustProxy = flag(env, 'DOCEX_TRUST_PROXY', false, problems);
  const webhooks = {
    allowPrivateTargets: flag(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS', false, problems),
    retrySchedule: readSchedule(env.WEBHOOK_RETRY_SCHEDULE, problems),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return { port, host, dataDir, encryptionKey, llm: 'endpoint' in llm ? llm.endpoint : null, organizationDefaults, resultCacheBytes, autoEncryptionKey, publicUrl, trustProxy, webhooks };
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

function flag(env: Record<string, string | undefined>, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  problems.push(`${name} must be 1 or 0`);
  return fallback;
}

/**
 * `WEBHOOK_RETRY_SCHEDULE`: up to seven pauses in seconds (decimals allowed), comma-separated;
 * fewer than seven repeat the last one for the remaining attempts.
 */
function readSchedule(raw: string | undefined, problems: string[]): number[] {
  const text = raw?.trim();
  if (!text) return [...RETRY_SCHEDULE_SECONDS];
  const parts = text.split(',').map((p) => p.trim());
  const pauses = parts.map((p) => (/^\d+(\.\d+)?$/.test(p) ? Number(p) : NaN));
  if (parts.length > RETRY_SCHEDULE_SECONDS.length || pauses.some((n) => !Number.isFinite(n) || n > 30 * 86_400)) {
    problems.push('WEBHOOK_RETRY_SCHEDULE must be 1 to 7 pauses in seconds (0 to 2592000), separated by commas');
    return [...RETRY_SCHEDULE_SECONDS];
  }
  while (pauses.length < RETRY_SCHEDULE_SECONDS.length) pauses.push(pauses[pauses.length - 1]);
  return pauses;
}

function readPublicUrl(raw: string | undefined, fallback: string, problems: string[]): string {
  const text = raw?.trim();
  if (!text) return fallback;
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href.replace(/\/+$/, '');
  } catch {
    // reported below
  }
  problems.push('DOCEX_PUBLIC_URL must be an http or https URL');
  return fallback;
}

/** The development settings of webhook delivery, when on: each is worth a warning in the log. */
export function webhookSettingWarnings(config: ServerConfig): string[] {
  const warnings: string[] = [];
  if (config.webhooks.allowPrivateTargets) warnings.push('WEBHOOK_ALLOW_PRIVATE_TARGETS=1: webhooks may be sent to private and loopback addresses (development only)');
  if (config.webhooks.retrySchedule.join(',') !== RETRY_SCHEDULE_SECONDS.join(',')) warnings.push(`WEBHOOK_RETRY_SCHEDULE: webhook retries after ${config.webhooks.retrySchedule.join(', ')} s instead of the spec's schedule (development only)`);
  return warnings;
}
