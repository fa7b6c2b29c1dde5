import { request } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CheckedUrl } from './url-guard.js';
import type { AttemptResult } from '../db/repos/webhooks.js';

export interface PostOptions {
  /** A 2xx must arrive within this time (the spec's 10 s). */
  timeoutMs: number;
  /** Extra trusted CA certificates (tests; operators use `NODE_EXTRA_CA_CERTS`). */
  ca?: string | Buffer | (string | Buffer)[];
}

/**
 * One POST of a delivery. The connection goes to the address the URL check resolved (the
 * `lookup` below answers with it), so a DNS answer that changed since cannot redirect it; TLS
 * still verifies the certificate against the URL's host name. Redirects are not followed (a
 * 3xx is a failed attempt), the receiver's body is read and dropped, and nothing is retried
 * here: the schedule does that.
 */
export function postOnce(checked: CheckedUrl, body: string, headers: Record<string, string>, options: PostOptions): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  const { address, family } = checked.target;
  const pinned: LookupFunction = (_hostname, opts, callback) => {
    if (opts.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: AttemptResult) => {
      if (settled) return;
      settled = true;
      resolve(r);
    };
    const req = request({
      hostname: checked.hostname,
      port: checked.url.port === '' ? 443 : Number(checked.url.port),
      path: `${checked.url.pathname}${checked.url.search}`,
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      lookup: pinned,
      ca: options.ca,
      agent: false,
    });
    // The deadline covers the whole exchange; a receiver that answers in time but drags out its
    // body is cut off without changing the outcome.
    const timer = setTimeout(() => {
      finish({ ok: false, statusCode: null, error: `no response within ${options.timeoutMs / 1000} s`, responseMs: elapsed() });
      req.destroy();
    }, options.timeoutMs);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const ms = elapsed();
      res.on('error', () => undefined);
      res.on('end', () => clearTimeout(timer));
      res.resume();
      if (status >= 200 && status < 300) finish({ ok: true, statusCode: status, error: null, responseMs: ms });
      else if (status >= 300 && status < 400) finish({ ok: false, statusCode: status, error: `redirect not followed (status ${status})`, responseMs: ms });
      else finish({ ok: false, statusCode: status, error: `status ${status}`, responseMs: ms });
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      finish({ ok: false, statusCode: null, error: `connection failed: ${err.code ?? err.message}`, responseMs: elapsed() });
    });
    req.end(body);
  });
}
