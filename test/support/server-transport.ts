import type { FastifyInstance } from 'fastify';

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';
  url: string;
  headers?: Record<string, string>;
  /** JSON value (sent as application/json) or raw bytes (send your own content-type). */
  json?: unknown;
  payload?: Buffer;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON, or null for an empty or non-JSON body. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export type Transport = (req: ApiRequest) => Promise<ApiResponse>;

/** A request's headers and body as sent: JSON values as JSON text with its content type. */
function encode(req: ApiRequest): { headers: Record<string, string>; body: Buffer | string | undefined } {
  const headers = { ...req.headers };
  if (req.json === undefined) return { headers, body: req.payload };
  headers['content-type'] ??= 'application/json';
  return { headers, body: JSON.stringify(req.json) };
}

/** Requests through Fastify's `inject`, without a socket. */
export function injectTransport(app: FastifyInstance): Transport {
  return async (req) => {
    const { headers, body } = encode(req);
    const res = await app.inject({ method: req.method, url: req.url, headers, payload: body });
    return { status: res.statusCode, headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])), body: parse(res.body) };
  };
}

/** Requests over a real socket to a listening server (`baseUrl` like http://127.0.0.1:PORT). */
export function httpTransport(baseUrl: string): Transport {
  return async (req) => {
    const { headers, body } = encode(req);
    const res = await fetch(baseUrl + req.url, { method: req.method, headers, body });
    const text = await res.text();
    const out: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      out[k] = v;
    });
    return { status: res.status, headers: out, body: parse(text) };
  };
}

/** Listens on a free loopback port; returns the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

function parse(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Every API test runs once through `inject` and once over a real socket. */
export const TRANSPORTS = [
  { name: 'inject', connect: async (app: FastifyInstance): Promise<Transport> => injectTransport(app) },
  { name: 'http', connect: async (app: FastifyInstance): Promise<Transport> => httpTransport(await listen(app)) },
] as const;
