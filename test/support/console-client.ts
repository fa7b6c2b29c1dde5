import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface ConsoleClient {
  /** The session's CSRF token, sent with every change. */
  csrf: string;
  cookie: string;
  session: { user: { id: string; email: string }; organizations: { id: string; name: string; status: string; role: string }[] };
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  /** Any request with the session's cookie and CSRF token; `headers` add to them or replace them. */
  send(method: string, url: string, options?: { body?: unknown; payload?: Buffer; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
}

/** The session cookie's `name=value` from a response's Set-Cookie. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const first = (Array.isArray(raw) ? raw : [raw ?? '']).find((c) => c.startsWith('docex_console='));
  if (!first) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return first.split(';')[0];
}

/** Wraps a signed-in answer (`POST /console/api/session` or an accepted invitation). */
export function clientFrom(app: FastifyInstance, res: LightMyRequestResponse): ConsoleClient {
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = sessionCookie(res);
  const session = res.json() as ConsoleClient['session'] & { csrf_token: string };
  const send: ConsoleClient['send'] = (method, url, options = {}) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { cookie, 'x-csrf-token': session.csrf_token, ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
      payload: options.payload ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
    });
  return {
    csrf: session.csrf_token,
    cookie,
    session,
    get: (url) => send('GET', url),
    post: (url, body) => send('POST', url, { body: body ?? {} }),
    put: (url, body) => send('PUT', url, { body: body ?? {} }),
    patch: (url, body) => send('PATCH', url, { body: body ?? {} }),
    delete: (url, body) => send('DELETE', url, body === undefined ? {} : { body }),
    send,
  };
}

/** Signs in to the console through its API. */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<ConsoleClient> {
  const res = await app.inject({ method: 'POST', url: '/console/api/session', payload: { email, password } });
  return clientFrom(app, res);
}
