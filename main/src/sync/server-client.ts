import { ServiceError } from '../../../engine/src/errors/service-error.js';

/** Where the desktop app syncs to: a server URL and a publishable key of an application there. */
export interface SyncSettings {
  serverUrl: string;
  publishableKey: string;
  /** Sent as `X-Service-Bundle-Id` for keys restricted to app bundle ids. */
  bundleId?: string;
}

/** How a request ended, as the outbox needs it. */
export type SendOutcome =
  | { ok: true; status: number; body: Record<string, unknown> }
  | {
      ok: false;
      /** offline: no answer at all; retry: the server may take it later (429, 5xx); refused: this request will never be taken. */
      kind: 'offline' | 'retry' | 'refused';
      status?: number;
      code?: string;
      message: string;
      retryAfterMs?: number;
    };

const SDK = 'X-Service-SDK';
const SDK_VALUE = 'desktop/0.1.0';

/**
 * The `/v1` API as the desktop app uses it: a publishable key opens client sessions (the spec's
 * way for apps that cannot keep a secret), and their tokens send extractions and corrections. A
 * secret key is refused before anything is sent: it would sit on every counter's disk.
 */
export class ServerClient {
  private session: { token: string; refreshAt: number } | null = null;

  constructor(
    private readonly settings: SyncSettings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    ServerClient.checkSettings(settings);
  }

  /** `publishable_key_required` for anything but a publishable key; `invalid_parameters` for a URL that is not http(s). */
  static checkSettings(settings: SyncSettings): void {
    if (!/^svc_pk_(live|test)_/.test(settings.publishableKey)) throw new ServiceError('publishable_key_required', { param: 'publishable_key', message: 'The desktop app takes a publishable key (svc_pk_live_ or svc_pk_test_); secret keys are refused.' });
    let url: URL | null = null;
    try {
      url = new URL(settings.serverUrl);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new ServiceError('invalid_parameters', { param: 'server_url', message: 'The server URL must be an http or https URL.' });
  }

  /** `POST /v1/extractions` with the document's text lines (or its file), idempotent by `idempotencyKey`. */
  async createExtraction(input: { idempotencyKey: string; documentType?: string; clientOcr?: unknown; file?: { bytes: Uint8Array; name: string; type: string } }): Promise<SendOutcome> {
    const form = new FormData();
    if (input.documentType) form.append('document_type', input.documentType);
    if (input.file) form.append('file', new Blob([input.file.bytes], { type: input.file.type }), input.file.name);
    else form.append('client_ocr', JSON.stringify(input.clientOcr));
    return this.withToken((token) => this.fetchImpl(this.url('/v1/extractions'), { method: 'POST', headers: { authorization: `Bearer ${token}`, 'idempotency-key': input.idempotencyKey, [SDK]: SDK_VALUE }, body: form }));
  }

  /** `POST /v1/extractions/{id}/corrections` (the API's extension for reviewed values). */
  async correct(serverId: string, body: { field: string; value: unknown; corrected_by?: string }): Promise<SendOutcome> {
    return this.withToken((token) =>
      this.fetchImpl(this.url(`/v1/extractions/${encodeURIComponent(serverId)}/corrections`), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', [SDK]: SDK_VALUE },
        body: JSON.stringify(body),
      }),
    );
  }

  private url(path: string): string {
    return new URL(path, this.settings.serverUrl).href;
  }

  /** Runs `send` with a session token, opening a new session when the token is near its end or refused as expired. */
  private async withToken(send: (token: string) => Promise<Response>): Promise<SendOutcome> {
    for (let round = 0; round < 2; round++) {
      const token = await this.token();
      if (!token.ok) return token.outcome;
      const outcome = await answer(() => send(token.value));
      if (!outcome.ok && (outcome.code === 'token_expired' || outcome.code === 'invalid_token') && round === 0) {
        this.session = null;
        continue;
      }
      return outcome;
    }
    return { ok: false, kind: 'retry', message: 'The session token was refused twice.' };
  }

  private async token(): Promise<{ ok: true; value: string } | { ok: false; outcome: SendOutcome }> {
    if (this.session && Date.now() < this.session.refreshAt) return { ok: true, value: this.session.token };
    const headers: Record<string, string> = { authorization: `Bearer ${this.settings.publishableKey}`, 'content-type': 'application/json', [SDK]: SDK_VALUE };
    if (this.settings.bundleId) headers['x-service-bundle-id'] = this.settings.bundleId;
    const outcome = await answer(() => this.fetchImpl(this.url('/v1/client-sessions'), { method: 'POST', headers, body: '{}' }));
    if (!outcome.ok) return { ok: false, outcome };
    const token = outcome.body.token;
    const expires = Date.parse(String(outcome.body.expires_at));
    if (typeof token !== 'string' || Number.isNaN(expires)) return { ok: false, outcome: { ok: false, kind: 'retry', message: 'The server answered a session without a token.' } };
    // Renewed a minute before its end, so a long upload does not outlive it.
    this.session = { token, refreshAt: expires - 60_000 };
    return { ok: true, value: token };
  }
}

/** A fetch turned into an outcome: no answer is offline; 408, 429 and 5xx may be retried; other 4xx are refused. */
async function answer(request: () => Promise<Response>): Promise<SendOutcome> {
  let res: Response;
  try {
    res = await request();
  } catch (err) {
    return { ok: false, kind: 'offline', message: (err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message };
  }
  let body: Record<string, unknown> = {};
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    body = {};
  }
  if (res.ok) return { ok: true, status: res.status, body };
  const error = (body.error ?? {}) as { code?: string; message?: string };
  const retryAfter = Number(res.headers.get('retry-after'));
  const base = { status: res.status, code: error.code, message: error.message ?? `The server answered ${res.status}.` };
  if (res.status === 408 || res.status === 429 || res.status >= 500) return { ok: false, kind: 'retry', ...base, retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined };
  if (error.code === 'token_expired' || error.code === 'invalid_token') return { ok: false, kind: 'retry', ...base };
  return { ok: false, kind: 'refused', ...base };
}
