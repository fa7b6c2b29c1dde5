import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../../engine/src/contracts/webhook-signature.js';
import { makeTestPki, startHttpsReceiver, type HttpsReceiver, type TestPki } from '../support/https-receiver.js';
import { runCli, type CliRun } from '../support/run-cli.js';

/**
 * `npm run --silent cli -- webhooks ...`, the contract used by outside checks: `add` prints
 * `{"id", "secret"}` or `{"error": {code, message}}` with exit status 1 for each refusal of the
 * spec, `list` shows no secret, `test` really sends `webhook.test` to an HTTPS receiver (a
 * private CA trusted through NODE_EXTRA_CA_CERTS) and exits 1 when the receiver fails it,
 * `enable` resets the failure count, and usage errors exit 2. Every command is a real process
 * (tsx start-up each time), so the runs are few and the timeouts generous.
 */

const TIMEOUT = { timeout: 120_000 };
/** Loopback targets allowed, as for a receiver on the same machine (the CLI warns about it). */
const PRIVATE = { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' };
/** The CLI must not pick up a setting of the environment the tests run in. */
const CLEAN = { WEBHOOK_ALLOW_PRIVATE_TARGETS: undefined, WEBHOOK_RETRY_SCHEDULE: undefined, DATA_DIR: undefined };

let dir: string;
let pki: TestPki;
let receiver: HttpsReceiver;
let application: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'docex-webhooks-cli-'));
  pki = makeTestPki();
  receiver = await startHttpsReceiver(pki);
  const boot = await runCli(['bootstrap', '--data-dir', dir, '--json'], CLEAN);
  expect(boot.code, boot.stderr).toBe(0);
  application = JSON.parse(boot.stdout).application;
  expect(application).toMatch(/^app_/);
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  pki?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** `cli webhooks SUB --data-dir DIR ... --json`. */
const webhooks = (sub: string, args: string[], env: Record<string, string | undefined> = {}) => runCli(['webhooks', sub, '--data-dir', dir, ...args, '--json'], { ...CLEAN, ...env });

/** The whole of stdout is one JSON document (nothing else is printed there). */
const json = (run: CliRun) => {
  try {
    return JSON.parse(run.stdout);
  } catch {
    throw new Error(`stdout is not JSON (exit ${run.code}):\n${run.stdout}\nstderr:\n${run.stderr}`);
  }
};

const add = (url: string, extra: string[] = [], env: Record<string, string | undefined> = {}) => webhooks('add', ['--application', application, '--url', url, ...extra], env);

/** Reads the data directory's database while no command runs. */
function endpointRow(id: string) {
  const db = new Database(join(dir, 'docex.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT status, consecutive_failures FROM webhook_endpoints WHERE id = ?').get(id) as { status: string; consecutive_failures: number };
  } finally {
    db.close();
  }
}

describe('cli webhooks add', () => {
  it('refuses each URL the spec refuses with {"error": {code, message}} and exit status 1, saving nothing', TIMEOUT, async () => {
    const refusals: [string, string[], Record<string, string | undefined>, string][] = [
      ['http://hooks.example.com/x', [], {}, 'invalid_webhook_url'],
      ['https://127.0.0.1/x', [], {}, 'webhook_url_not_public'],
      ['https://localhost/x', [], {}, 'webhook_url_not_public'],
      // `.invalid` is reserved never to resolve (RFC 6761).
      ['https://hooks.docex-check.invalid/x', [], {}, 'webhook_url_unresolvable'],
      // The events are checked whatever the URL; the private setting lets the URL itself pass.
      ['https://127.0.0.1/x', ['--events', 'foo'], PRIVATE, 'unknown_event'],
    ];
    for (const [url, extra, env, code] of refusals) {
      const run = await add(url, extra, env);
      const what = `${url} ${extra.join(' ')}: exit ${run.code}\n${run.stdout}\n${run.stderr}`;
      expect(run.code, what).toBe(1);
      const out = json(run);
      expect(out.error, what).toMatchObject({ code, message: expect.any(String) });
      expect(out.error.message.length, what).toBeGreaterThan(0);
      expect(out.id, what).toBeUndefined();
      expect(run.stdout, what).not.toContain('svcwhsec_');
    }
    const list = await webhooks('list', ['--application', application]);
    expect(list.code, list.stderr).toBe(0);
    expect(json(list).data).toEqual([]);
  });

  it('with WEBHOOK_ALLOW_PRIVATE_TARGETS=1 accepts a loopback URL (with a warning on stderr), prints {id, secret}, and refuses a sixth endpoint', TIMEOUT, async () => {
    const added: { id: string; secret: string; url: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const url = receiver.url(`/cli/${i}`);
      const run = await add(url, i === 0 ? ['--events', 'extraction.completed,extraction.failed'] : [], PRIVATE);
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(run.stderr).toMatch(/warning: .*WEBHOOK_ALLOW_PRIVATE_TARGETS/);
      const out = json(run);
      expect(out.id).toMatch(/^whe_[0-9A-Za-z]+$/);
      expect(out.secret).toMatch(/^svcwhsec_[0-9A-Za-z]{32}$/);
      expect(out.error).toBeUndefined();
      added.push({ id: out.id, secret: out.secret, url });
    }
    expect(new Set(added.map((a) => a.secret)).size).toBe(5);

    const sixth = await add(receiver.url('/cli/6'), [], PRIVATE);
    expect(sixth.code, `${sixth.stdout}\n${sixth.stderr}`).toBe(1);
    expect(json(sixth).error).toMatchObject({ code: 'too_many_endpoints', message: expect.any(String) });

    // list: the five, with their URLs and events, never a secret.
    const list = await webhooks('list', ['--application', application]);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).not.toContain('svcwhsec_');
    expect(list.stdout).not.toMatch(/"secret"/);
    const data = json(list).data as { id: string; url: string; events: string[]; status: string }[];
    expect(data.map((e) => e.id).sort()).toEqual(added.map((a) => a.id).sort());
    for (const a of added) expect(data.find((e) => e.id === a.id)).toMatchObject({ url: a.url, status: 'enabled' });
    expect(data.find((e) => e.id === added[0].id)!.events).toEqual(['extraction.completed', 'extraction.failed']);
    expect(data.find((e) => e.id === added[1].id)!.events).toEqual([]);

    // test: a real HTTPS POST of webhook.test, trusted through NODE_EXTRA_CA_CERTS, signed with the secret `add` printed.
    const testEnv = { ...PRIVATE, NODE_EXTRA_CA_CERTS: pki.caPath };
    const before = receiver.received.length;
    const sent = await webhooks('test', ['--endpoint', added[1].id], testEnv);
    expect(sent.code, `${sent.stdout}\n${sent.stderr}`).toBe(0);
    const outcome = json(sent);
    expect(outcome).toMatchObject({ ok: true, statusCode: 200, status: 'succeeded', attempts: 1 });
    expect(outcome.delivery).toMatch(/^whd_/);
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const [req] = got;
    expect(req.path).toBe('/cli/1');
    expect(req.headers['service-event-type']).toBe('webhook.test');
    expect(req.headers['service-delivery-id']).toBe(outcome.delivery);
    expect(verifySignature(req.raw, req.headers['service-signature'] as string, added[1].secret)).toMatchObject({ ok: true });
    expect(verifySignature(req.raw, req.headers['service-signature'] as string, added[2].secret)).toEqual({ ok: false, reason: 'signature_mismatch' });
    const body = JSON.parse(req.raw.toString('utf8'));
    expect(body).toMatchObject({ object: 'event', type: 'webhook.test', application, data: { object: { object: 'test' } } });
    expect(req.headers['service-event-id']).toBe(body.id);

    // A receiver answering 500: exit status 1, the failed attempt printed.
    const previous = receiver.answer;
    receiver.answer = (r, i) => (r.path === '/cli/2' ? { status: 500 } : previous(r, i));
    try {
      const failed = await webhooks('test', ['--endpoint', added[2].id], testEnv);
      expect(failed.code, `${failed.stdout}\n${failed.stderr}`).toBe(1);
      expect(json(failed)).toMatchObject({ ok: false, statusCode: 500, status: 'failed', attempts: 1, error: 'status 500', delivery: expect.stringMatching(/^whd_/) });
      expect(receiver.received.filter((r) => r.path === '/cli/2')).toHaveLength(1);
    } finally {
      receiver.answer = previous;
    }
    expect(endpointRow(added[2].id)).toEqual({ status: 'enabled', consecutive_failures: 1 });

    // enable: the endpoint, enabled, its count of failures in a row back at 0.
    const enabled = await webhooks('enable', ['--endpoint', added[2].id]);
    expect(enabled.code, enabled.stderr).toBe(0);
    expect(json(enabled)).toMatchObject({ id: added[2].id, status: 'enabled', consecutive_failures: 0 });
    expect(enabled.stdout).not.toContain('svcwhsec_');
    expect(endpointRow(added[2].id)).toEqual({ status: 'enabled', consecutive_failures: 0 });
  });
});

describe('cli webhooks usage errors', () => {
  it('exit with status 2: a missing --application, an unknown subcommand', TIMEOUT, async () => {
    const noApp = await runCli(['webhooks', 'add', '--data-dir', dir, '--url', 'https://hooks.example.com/x', '--json'], CLEAN);
    expect(noApp.code, noApp.stdout).toBe(2);
    expect(noApp.stderr).toContain('--application');
    const unknown = await runCli(['webhooks', 'explode', '--data-dir', dir, '--application', application, '--json'], CLEAN);
    expect(unknown.code, unknown.stdout).toBe(2);
    expect(unknown.stderr).toMatch(/Usage/);
  });
});
