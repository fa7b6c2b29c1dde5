import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A private CA and a server certificate it signed, for `localhost`, `hooks.example.test`, 127.0.0.1 and ::1. */
export interface TestPki {
  dir: string;
  caPem: string;
  caPath: string;
  key: string;
  cert: string;
  cleanup(): void;
}

/** Made with the system's openssl (a Debian package CI installs), once per test file. */
export function makeTestPki(): TestPki {
  const dir = mkdtempSync(join(tmpdir(), 'docex-pki-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=docex test CA');
  run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost');
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=DNS:localhost,DNS:hooks.example.test,DNS:rebind.example.test,IP:127.0.0.1,IP:::1\nbasicConstraints=CA:FALSE\n');
  run('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'san.ext');
  return {
    dir,
    caPem: readFileSync(join(dir, 'ca.pem'), 'utf8'),
    caPath: join(dir, 'ca.pem'),
    key: readFileSync(join(dir, 'server.key'), 'utf8'),
    cert: readFileSync(join(dir, 'server.pem'), 'utf8'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** One request as the receiver got it: raw body bytes, headers, arrival time. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  at: number;
}

/**
 * What to answer a request: a status, optionally after a delay, or once `release` settles, or
 * with headers (a redirect).
 */
export type Answer = { status: number; delayMs?: number; release?: Promise<unknown>; headers?: Record<string, string> };

export interface HttpsReceiver {
  port: number;
  url(path?: string, host?: string): string;
  received: Received[];
  /** Decides each answer; default 200. */
  answer: (r: Received, index: number) => Answer;
  /** Resolves once `n` requests have arrived (rejects after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** A real HTTPS receiver on loopback with the test CA's certificate. */
export async function startHttpsReceiver(pki: TestPki, port = 0): Promise<HttpsReceiver> {
  const received: Received[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const receiver: HttpsReceiver = {
    port: 0,
    url: (path = '/hooks', host = '127.0.0.1') => `https://${host}:${receiver.port}${path}`,
    received,
    answer: () => ({ status: 200 }),
    waitFor: (n, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        if (received.length >= n) return resolve(received);
        const timer = setTimeout(() => reject(new Error(`receiver got ${received.length} of ${n} requests in ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer({ key: pki.key, cert: pki.cert }, (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { path: req.url ?? '', headers: req.headers, raw: Buffer.concat(chunks), at: Date.now() };
      received.push(r);
      for (const w of waiters.filter((w) => received.length >= w.n)) w.resolve();
      const a = receiver.answer(r, received.length - 1);
      const send = () => {
        if (!res.destroyed) res.writeHead(a.status, a.headers).end('ok');
      };
      if (a.release) void a.release.finally(send);
      else if (a.delayMs) setTimeout(send, a.delayMs).unref();
      else send();
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  // Connections held open by a delayed answer must not keep `close` waiting.
  const close = receiver.close;
  receiver.close = () => {
    server.closeAllConnections();
    return close();
  };
  return receiver;
}
