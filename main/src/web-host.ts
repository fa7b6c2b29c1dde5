import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { DesktopBackend } from './backend/desktop-backend.js';
import { createHandlers, dispatch, MAX_CAPTURE_BYTES } from './ipc/ipc-handlers.js';

/**
 * The desktop backend served to a browser: the built renderer, `POST /kit/<channel>` for the
 * same IPC channels (JSON; bytes travel as `{"$bytes": base64}`), and `GET /kit/events` (server-
 * sent events) for `changed`. It runs the same main-process modules as Electron, in Node: the
 * browser tests use it, and `npm run desktop:web` for work without the Electron binary. It
 * listens on loopback only.
 */
export function webHost(backend: DesktopBackend, rendererDir: string): Server {
  const handlers = createHandlers(backend);
  const listeners = new Set<ServerResponse>();
  backend.on('changed', (id: string) => {
    for (const res of listeners) res.write(`data: ${JSON.stringify(id)}\n\n`);
  });
  return createServer((req, res) => {
    void route(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: false, error: { type: 'api_error', code: 'internal_error', message: 'The host failed.' } }));
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/kit/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(': ready\n\n');
      listeners.add(res);
      req.on('close', () => listeners.delete(res));
      return;
    }
    if (url.pathname.startsWith('/kit/') && req.method === 'POST') {
      // Browsers send Origin on POST: only the host's own pages may call it.
      if (req.headers.origin && req.headers.origin !== `http://${req.headers.host}`) return send(res, 403, { ok: false, error: { type: 'permission_error', code: 'invalid_parameters', message: 'Calls come from the app only.' } });
      const body = await readBody(req, MAX_CAPTURE_BYTES * 2);
      if (body === null) return send(res, 413, { ok: false, error: { type: 'invalid_request_error', code: 'file_too_large', message: 'The request is too large.' } });
      let input: unknown;
      try {
        input = body.length ? JSON.parse(body.toString('utf8'), revive) : {};
      } catch {
        return send(res, 400, { ok: false, error: { type: 'invalid_request_error', code: 'invalid_json', message: 'The body is not JSON.' } });
      }
      return send(res, 200, await dispatch(handlers, url.pathname.slice('/kit/'.length), input));
    }
    if (req.method !== 'GET') return send(res, 405, { ok: false });
    serveFile(res, rendererDir, url.pathname);
  }
}

function send(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(value, replace));
}

/** Bytes as `{"$bytes": base64}` both ways. */
function replace(_key: string, value: unknown): unknown {
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  if (value && typeof value === 'object' && (value as { type?: string }).type === 'Buffer' && Array.isArray((value as { data?: unknown }).data)) return { $bytes: Buffer.from((value as { data: number[] }).data).toString('base64') };
  return value;
}

function revive(_key: string, value: unknown): unknown {
  if (value && typeof value === 'object' && typeof (value as { $bytes?: unknown }).$bytes === 'string') return new Uint8Array(Buffer.from((value as { $bytes: string }).$bytes, 'base64'));
  return value;
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        resolve(null);
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.wasm': 'application/wasm', '.json': 'application/json' };

function serveFile(res: ServerResponse, root: string, pathname: string): void {
  const base = resolve(root);
  const relative = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
  let file = resolve(base, relative);
  // Outside the build, a folder, or nothing there: the app's page.
  const isFile = (f: string) => {
    try {
      return statSync(f).isFile();
    } catch {
      return false;
    }
  };
  if (!file.startsWith(base + sep) || !isFile(file)) file = join(base, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
}
