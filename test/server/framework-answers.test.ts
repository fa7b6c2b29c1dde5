// What the HTTP layer itself answers (issue 35, items 5 to 7), over a real socket: requests Node
// or Fastify refuse before a route runs get the spec's error body with a request id, over-long
// ids are the endpoint's own "not found", an over-long body is answered (413) and not reset,
// JSON bodies are not coerced, two credentials are refused, and pages cannot be framed.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.js';
import { listen } from '../support/server-transport.js';

/** A parsed answer: the spec's error body where there is one. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: { error: { code: string; type: string; request_id: string; doc_url: string; param?: string } };
}

let s: TestServer;
let base: string;
let port: number;
beforeAll(async () => {
  s = await startTestServer();
  base = await listen(s.app);
  port = Number(new URL(base).port);
});
afterAll(async () => s?.close());

/** Sends raw bytes and reads the answer until the server closes the connection. */
function raw(data: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (d) => (text += d));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(rest.join('\r\n\r\n')) });
    });
    socket.write(data);
  });
}

/** The error of an answer fetched. */
const errorOf = async (res: Response) => ((await res.json()) as Answer['body']).error;

function expectSpecBody(res: Answer, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body.error).toMatchObject({ code, type: 'invalid_request_error', doc_url: `/docs/errors#${code}` });
  expect(res.body.error.request_id).toMatch(/^svc_req_/);
  expect(res.headers['x-request-id']).toBe(res.body.error.request_id);
}

describe("the HTTP layer's own answers", () => {
  it('headers over 16 KB: 431 http_431 in the spec body', async () => {
    expectSpecBody(await raw(`GET /v1/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`), 431, 'http_431');
  });

  it('broken framing, an unknown method and a malformed URL: 400 http_400', async () => {
    expectSpecBody(await raw('GET /v1/me HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'), 400, 'http_400');
    expectSpecBody(await raw('FOO /v1/me HTTP/1.1\r\nHost: x\r\n\r\n'), 400, 'http_400');
    const bad = await fetch(`${base}/v1/extractions/%zz`, { headers: { authorization: `Bearer ${s.boot.secret_key}` } });
    const error = await errorOf(bad);
    expect({ status: bad.status, code: error.code }).toEqual({ status: 400, code: 'http_400' });
    expect(bad.headers.get('x-request-id')).toBe(error.request_id);
  });

  it('an id or key too long to exist is the endpoint’s own not-found', async () => {
    const get = (path: string) => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${s.boot.secret_key}` } });
    for (const n of [100, 101, 500]) {
      const extraction = await get(`/v1/extractions/svc_req_${'x'.repeat(n)}`);
      expect({ status: extraction.status, code: (await errorOf(extraction)).code }).toEqual({ status: 404, code: 'extraction_not_found' });
      const type = await get(`/v1/document-types/${'k'.repeat(n)}`);
      expect({ status: type.status, code: (await errorOf(type)).code }).toEqual({ status: 404, code: 'document_type_not_found' });
    }
  });

  it('a 6 MB JSON body is answered 413 http_413 while the client sends it, not reset', async () => {
    const size = 6_000_000;
    const res = await new Promise<Pick<Answer, 'status' | 'body'>>((resolve, reject) => {
      const req = http.request(
        { port, host: '127.0.0.1', method: 'POST', path: '/v1/client-tokens', headers: { authorization: `Bearer ${s.boot.secret_key}`, 'content-type': 'application/json', 'content-length': size } },
        (answer) => {
          let text = '';
          answer.on('data', (d) => (text += d));
          answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      req.on('error', reject); // EPIPE or ECONNRESET fail the test
      const chunk = Buffer.alloc(65_536, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < size) {
          const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
          sent += part.length;
          if (!req.write(part)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'http_413', type: 'invalid_request_error' });
  });
});

describe('input typing and credentials', () => {
  const post = (headers: Record<string, string>, body: unknown) => fetch(`${base}/v1/client-tokens`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('a JSON body is taken as typed: ttl_seconds "600" is refused, 600 is taken', async () => {
    const refused = await post({ authorization: `Bearer ${s.boot.secret_key}` }, { ttl_seconds: '600' });
    const error = await errorOf(refused);
    expect({ status: refused.status, code: error.code, param: error.param }).toEqual({ status: 400, code: 'invalid_parameters', param: 'ttl_seconds' });
    expect((await post({ authorization: `Bearer ${s.boot.secret_key}` }, { ttl_seconds: 600 })).status).toBe(201);
    // Query strings are text by nature and still read as their schema's types.
    const usage = await fetch(`${base}/v1/usage?days=7`, { headers: { authorization: `Bearer ${s.boot.secret_key}` } });
    expect(usage.status).toBe(200);
  });

  it('two different credentials in one request are refused with invalid_credentials', async () => {
    const me = (headers: [string, string][]) => fetch(`${base}/v1/me`, { headers });
    const other = s.bootAnother().secret_key;
    const mine = s.boot.secret_key;
    const both = await me([
      ['authorization', `Bearer ${mine}`],
      ['x-service-key', other],
    ]);
    expect({ status: both.status, code: (await errorOf(both)).code }).toEqual({ status: 401, code: 'invalid_credentials' });
    // The same credential in both headers is one credential.
    expect(
      (
        await me([
          ['authorization', `Bearer ${mine}`],
          ['x-service-key', mine],
        ])
      ).status,
    ).toBe(200);
    // A repeated Authorization header, which Node would fold to its first value.
    const twice = await raw(`GET /v1/me HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer ${mine}\r\nAuthorization: Bearer ${other}\r\n\r\n`);
    expect({ status: twice.status, code: twice.body.error.code }).toEqual({ status: 401, code: 'invalid_credentials' });
  });
});

describe('browser protections', () => {
  it('console, docs and API answers cannot be framed or sniffed', async () => {
    for (const path of ['/console/', '/docs/errors', '/v1/me']) {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${s.boot.secret_key}` } });
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
