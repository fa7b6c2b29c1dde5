/**
 * The console's API client: JSON over fetch to `/console/api`, the session cookie sent by the
 * browser, the CSRF token echoed on every change, and the error body turned into `ApiError`.
 */
export interface ErrorBody {
  type: string;
  code: string;
  message: string;
  param?: string;
  details?: Record<string, unknown>;
  request_id?: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }
  get code(): string {
    return this.body.code;
  }
}

let csrfToken = '';
export const setCsrfToken = (token: string) => {
  csrfToken = token;
};

/** Called when any request answers `sign_in_required`: the app shows the sign-in page. */
let onSignedOut: () => void = () => {};
export const whenSignedOut = (fn: () => void) => {
  onSignedOut = fn;
};

const BASE = '/console/api';

export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  const res = await fetch(BASE + path, { method, headers, body: payload, credentials: 'same-origin' });
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const error = (json as { error?: ErrorBody } | null)?.error ?? { type: 'api_error', code: `http_${res.status}`, message: `The server answered ${res.status}.` };
    if (error.code === 'sign_in_required' && path !== '/session') onSignedOut();
    throw new ApiError(res.status, error);
  }
  return json as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, body),
  put: <T>(path: string, body: unknown = {}) => request<T>('PUT', path, body),
  patch: <T>(path: string, body: unknown = {}) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/** `/organizations/:org...` for the current organization. */
export const orgPath = (org: string, rest = '') => `/organizations/${encodeURIComponent(org)}${rest}`;
