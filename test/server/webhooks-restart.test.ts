import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../../engine/src/contracts/webhook-signature.js';
import { makeTestPki, startHttpsReceiver, type Answer, type HttpsReceiver, type Received, type TestPki } from '../support/https-receiver.js';
import { runCli } from '../support/run-cli.js';
import { SLIP_CLIENT_OCR } from '../support/server-harness.js';
import { CLOSE, kill, killAll, sleep, startServer, stop, type ServerProcess } from '../support/server-process.js';

/**
 * Deliveries are durable: a server killed with SIGKILL during a retry schedule resumes it after
 * a restart on the same data directory, with nothing lost and nothing sent twice to a receiver
 * that answered 2xx. The server runs as `npm start` does (tsx server/src/start.ts) in its own
 * process group, with every pause of the schedule 2 s, sending to a real HTTPS receiver on
 * loopback (a private CA trusted through NODE_EXTRA_CA_CERTS).
 *
 * First life: two extractions whose events the receiver accepts at once, then three whose first
 * attempt it answers 500. As soon as those failures are recorded (long before their 2 s retries)
 * the server is killed. Second life: the three retries arrive, with the delivery ids of their
 * first attempts, and are accepted; the first two are never sent again.
 */

const PAUSE_S = 2;
const ACCEPTED_AT_ONCE = 2;
const FAILED_FIRST = 3; // at most the sender's 4 attempts at a time, so their first attempts go together
/**
 * First attempts of the failing wave are answered together once all of them have arrived (a
 * loaded machine can finish the extractions seconds apart), or this long after the first of them
 * arrived, inside the sender's 10 s timeout.
 */
const HOLD_MAX_MS = 8_000;

/** A slip with its own total, so each extraction is a document of its own. */
function receipt(i: number) {
  const lines = SLIP_CLIENT_OCR.lines.map((l) => (String(l.text).startsWith('TOTAL') ? { ...l, text: `TOTAL USD ${20 + i}.25` } : l));
  return { ...SLIP_CLIENT_OCR, lines };
}

interface DeliveryRow {
  id: string;
  event_id: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  next_attempt_at: string | null;
  locked_until: string | null;
}

/** The delivery rows, read with a read-only connection of its own (safe beside a running server: WAL). */
function deliveryRows(dataDir: string): DeliveryRow[] {
  const db = new Database(join(dataDir, 'docex.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT id, event_id, status, attempts, last_status_code, next_attempt_at, locked_until FROM webhook_deliveries ORDER BY created_at, id').all() as DeliveryRow[];
  } finally {
    db.close();
  }
}

async function until<T>(what: string, fn: () => T | undefined | false, timeoutMs: number, everyMs = 25, detail = () => ''): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms\n${detail()}`);
    await sleep(everyMs);
  }
}

describe('a server killed during a retry schedule', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'docex-webhooks-restart-'));
  let pki: TestPki | undefined;
  let receiver: HttpsReceiver | undefined;

  afterAll(async () => {
    await killAll();
    await receiver?.close();
    pki?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('resumes it after a restart, with nothing lost and nothing sent twice to a receiver that answered 2xx', { timeout: 300_000 }, async () => {
    pki = makeTestPki();
    const rx = (receiver = await startHttpsReceiver(pki));
    const env = { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1', WEBHOOK_RETRY_SCHEDULE: String(PAUSE_S), NODE_EXTRA_CA_CERTS: pki.caPath };

    // The receiver: in the "accept" phase every event is answered 200; in the "fail first" phase
    // an event's first attempt is answered 500 (all of them at the same moment), later ones 200.
    // Every answer is logged with the event and delivery it answered.
    let phase: 'accept' | 'fail first' = 'accept';
    const planOf = new Map<string, 'accept' | 'fail first'>();
    const answers: { event: string; delivery: string; status: number; at: number }[] = [];
    let held = 0;
    let releaseWave: () => void = () => {};
    const wave = new Promise<void>((resolve) => (releaseWave = resolve));
    rx.answer = (r: Received): Answer => {
      const event = r.headers['service-event-id'] as string;
      const delivery = r.headers['service-delivery-id'] as string;
      const first = !planOf.has(event);
      if (first) planOf.set(event, phase);
      const logged = { event, delivery, status: 200, at: Date.now() };
      answers.push(logged);
      if (!(first && phase === 'fail first')) return { status: 200 };
      logged.status = 500;
      if (++held === 1) setTimeout(releaseWave, HOLD_MAX_MS).unref();
      if (held === FAILED_FIRST) releaseWave();
      return { status: 500, release: wave.then(() => void (logged.at = Date.now())) };
    };

    // Set up with the CLI, the server not running: keys, and the endpoint with its secret.
    const cliEnv = { ...env, DATA_DIR: undefined, WEBHOOK_RETRY_SCHEDULE: undefined };
    const boot = await runCli(['bootstrap', '--data-dir', dataDir, '--json', '--rate-limit', '100000'], cliEnv);
    expect(boot.code, boot.stderr).toBe(0);
    const { application, secret_key: secretKey } = JSON.parse(boot.stdout) as { application: string; secret_key: string };
    const added = await runCli(['webhooks', 'add', '--data-dir', dataDir, '--application', application, '--url', rx.url('/restart'), '--json'], cliEnv);
    expect(added.code, `${added.stdout}\n${added.stderr}`).toBe(0);
    const endpoint = JSON.parse(added.stdout) as { id: string; secret: string };
    const auth = { authorization: `Bearer ${secretKey}`, ...CLOSE };

    const extract = async (server: ServerProcess, i: number) => {
      const form = new FormData();
      form.append('client_ocr', JSON.stringify(receipt(i)));
      const res = await fetch(`${server.baseUrl}/v1/extractions`, { method: 'POST', headers: auth, body: form });
      const body = (await res.json()) as { id: string; status: string };
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(body.status).toBe('succeeded');
      return body.id;
    };
    /** The event of each extraction, from the requests the receiver got. */
    const eventOf = (extraction: string) => rx.received.find((r) => JSON.parse(r.raw.toString('utf8')).data.object.id === extraction)?.headers['service-event-id'] as string | undefined;
    const byEvent = (events: string[]) => () => {
      const rows = deliveryRows(dataDir);
      return events.map((e) => rows.find((d) => d.event_id === e)!);
    };

    // First life.
    const first = await startServer(dataDir, env);
    const accepted: string[] = [];
    for (let i = 0; i < ACCEPTED_AT_ONCE; i++) accepted.push(await extract(first, i));
    const acceptedEvents = await until('the events accepted at once arrive', () => (accepted.every(eventOf) ? accepted.map((x) => eventOf(x)!) : undefined), 30_000, 25, first.output);
    await until('their successes are recorded', () => byEvent(acceptedEvents)().every((d) => d?.status === 'succeeded'), 30_000, 25, () => JSON.stringify(deliveryRows(dataDir)));

    phase = 'fail first';
    const failing = await Promise.all(Array.from({ length: FAILED_FIRST }, (_, k) => extract(first, ACCEPTED_AT_ONCE + k)));
    const failingEvents = await until('the first attempts of the failing wave arrive', () => (failing.every(eventOf) ? failing.map((x) => eventOf(x)!) : undefined), 30_000, 25, first.output);
    // Kill as soon as every 500 is recorded (a retry is 2 s away).
    const atFailure = await until('the failed first attempts are recorded', () => {
      const rows = byEvent(failingEvents)();
      return rows.every((d) => d?.status === 'failed') ? rows : undefined;
    }, 30_000, 10, () => JSON.stringify(deliveryRows(dataDir)));
    await kill(first);
    const killedAt = Date.now();

    // What the killed server left: the accepted ones done, the failing ones waiting for their
    // retry, nothing locked, and no retry sent yet (otherwise the kill came too late to test anything).
    const receivedAtKill = rx.received.length;
    const leftRows = deliveryRows(dataDir);
    expect(leftRows).toHaveLength(ACCEPTED_AT_ONCE + FAILED_FIRST);
    for (const e of acceptedEvents) expect(leftRows.find((d) => d.event_id === e)).toMatchObject({ status: 'succeeded', attempts: 1, last_status_code: 200, next_attempt_at: null, locked_until: null });
    for (const e of failingEvents) {
      const d = leftRows.find((r) => r.event_id === e)!;
      expect(d).toMatchObject({ status: 'failed', attempts: 1, last_status_code: 500, locked_until: null });
      expect(d.next_attempt_at, 'the retry is scheduled after the kill').not.toBeNull();
      expect(Date.parse(d.next_attempt_at!), 'the retry was not due yet when the server was killed').toBeGreaterThan(killedAt);
    }
    expect(rx.received, 'one request an event before the kill').toHaveLength(ACCEPTED_AT_ONCE + FAILED_FIRST);
    expect(atFailure.map((d) => d.attempts)).toEqual(Array(FAILED_FIRST).fill(1));
    const margin = Math.min(...failingEvents.map((e) => Date.parse(leftRows.find((r) => r.event_id === e)!.next_attempt_at!))) - killedAt;
    console.info(`killed ${margin} ms before the first retry was due`);

    // Second life on the same directory, once the retries are due.
    await sleep(PAUSE_S * 1000);
    const second = await startServer(dataDir, env);
    const all = [...acceptedEvents, ...failingEvents];
    const okCount = (e: string) => answers.filter((a) => a.event === e && a.status >= 200 && a.status < 300).length;
    await until('every event answered 2xx', () => all.every((e) => okCount(e) >= 1), 120_000, 50, () => `${JSON.stringify(answers)}\n${second.output()}`);
    // Long enough for a wrongly repeated attempt to show: a full pause and a look at the table.
    await sleep(PAUSE_S * 1000 + 2_500);
    await stop(second);

    // The receiver's view: every event got exactly one 2xx answer; the accepted ones were never
    // sent again; each failing one got exactly its 500 then its 200, both with one delivery id;
    // every request carries a signature that verifies with the secret `add` printed.
    for (const e of all) expect(okCount(e), `2xx answers to ${e}`).toBe(1);
    expect(rx.received.length).toBeGreaterThan(receivedAtKill);
    for (const e of acceptedEvents) expect(answers.filter((a) => a.event === e).map((a) => a.status), `answers to ${e}`).toEqual([200]);
    for (const e of failingEvents) {
      const got = answers.filter((a) => a.event === e);
      expect(got.map((a) => a.status), `answers to ${e}`).toEqual([500, 200]);
      expect(got[1].delivery, `the retry of ${e} carries the delivery id of its first attempt`).toBe(got[0].delivery);
      expect(got[1].at - got[0].at, 'the retry waits its pause').toBeGreaterThanOrEqual(PAUSE_S * 1000 - 100);
    }
    expect(rx.received).toHaveLength(ACCEPTED_AT_ONCE + 2 * FAILED_FIRST);
    for (const r of rx.received) {
      expect(r.path).toBe('/restart');
      expect(r.headers['service-event-type']).toBe('extraction.completed');
      expect(verifySignature(r.raw, r.headers['service-signature'] as string, endpoint.secret)).toMatchObject({ ok: true });
    }
    // Each extraction announced once, by its own event.
    const announced = rx.received.map((r) => JSON.parse(r.raw.toString('utf8')) as { id: string; data: { object: { id: string } } });
    expect(new Set(announced.map((b) => b.data.object.id))).toEqual(new Set([...accepted, ...failing]));
    for (const b of announced) expect(b.id).toBe(eventOf(b.data.object.id));

    // The database, read once the server has closed: every delivery succeeded, the retried ones on
    // their second attempt, with the delivery ids the receiver saw; one delivery an event.
    const rows = deliveryRows(dataDir);
    expect(rows).toHaveLength(ACCEPTED_AT_ONCE + FAILED_FIRST);
    expect(new Set(rows.map((d) => d.event_id))).toEqual(new Set(all));
    for (const d of rows) {
      const attempts = acceptedEvents.includes(d.event_id) ? 1 : 2;
      expect(d, `delivery of ${d.event_id}`).toMatchObject({ status: 'succeeded', attempts, last_status_code: 200, next_attempt_at: null, locked_until: null });
      expect(answers.filter((a) => a.event === d.event_id).every((a) => a.delivery === d.id)).toBe(true);
    }
    const db = new Database(join(dataDir, 'docex.sqlite'), { readonly: true, fileMustExist: true });
    try {
      expect(db.prepare('SELECT consecutive_failures, status FROM webhook_endpoints WHERE id = ?').get(endpoint.id)).toEqual({ consecutive_failures: 0, status: 'enabled' });
      expect(db.prepare("SELECT COUNT(*) FROM events WHERE type = 'extraction.completed'").pluck().get()).toBe(ACCEPTED_AT_ONCE + FAILED_FIRST);
    } finally {
      db.close();
    }
  });
});
