/**
 * Where a request's time goes on the server's main thread: `tsx test/bench/api-phase-timings.ts
 * [get|me|post-slip] [--sync FULL|NORMAL] [--connections N] [--duration S] [--profile FILE]`.
 *
 * Diagnostic companion of `npm run bench:api`. Builds the server in this process (as `npm start`
 * does: one text worker a core), times its phases by wrapping the services' methods (SQLite
 * transactions, key lookup, the worker pool round trip, the request log), loads it with the
 * autocannon CLI from a separate process, and prints requests a second, the main thread's event
 * loop utilization, its busy milliseconds a request and each phase's milliseconds a request.
 * `--sync NORMAL` switches this run's connection to `PRAGMA synchronous = NORMAL` to measure
 * what the per-commit fsync of `synchronous = FULL` costs (an experiment; the server keeps FULL).
 * `--profile FILE` writes a CPU profile of the main thread over the measured run only.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs, promisify } from 'node:util';
import { multipart, SLIP_CLIENT_OCR, startTestServer } from '../support/server-harness.js';
import { printProfileSummary, summarizeProfile } from './cpuprofile-summary.js';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    sync: { type: 'string', default: 'FULL' },
    connections: { type: 'string' },
    duration: { type: 'string', default: '8' },
    profile: { type: 'string' },
  },
});
const scenario = positionals[0] ?? 'post-slip';
if (!['get', 'me', 'post-slip'].includes(scenario) || !['FULL', 'NORMAL'].includes(opts.sync!)) {
  process.stderr.write('usage: tsx test/bench/api-phase-timings.ts [get|me|post-slip] [--sync FULL|NORMAL] [--connections N] [--duration S] [--profile FILE]\n');
  process.exit(2);
}
const connections = opts.connections ?? (scenario === 'post-slip' ? '10' : '50');

const s = await startTestServer({ textWorkers: availableParallelism() });
s.app.services.db.pragma(`synchronous = ${opts.sync}`);

const phases = new Map<string, { calls: number; ms: number }>();
/** Replaces `obj[name]` with a timed call (wall time; for async methods, until it settles). */
function time(obj: object, name: string, label: string): void {
  const target = obj as Record<string, (...args: unknown[]) => unknown>;
  const original = target[name].bind(obj);
  target[name] = (...args: unknown[]) => {
    const t = performance.now();
    const done = () => {
      const p = phases.get(label) ?? { calls: 0, ms: 0 };
      p.calls += 1;
      p.ms += performance.now() - t;
      phases.set(label, p);
    };
    let out: unknown;
    try {
      out = original(...args);
    } catch (err) {
      done();
      throw err;
    }
    if (out instanceof Promise) return out.finally(done);
    done();
    return out;
  };
}
const sv = s.app.services;
time(sv.accounts, 'keyContextByHash', 'auth: key, application, organization read (SQLite)');
time(sv.extractionsRepo, 'quotaReached', 'POST: quota check (read)');
time(sv.extractionsRepo, 'store', 'POST: quota count + extraction + events, group commit (wall, with the wait for the batch)');
time(sv.extractionsRepo, 'bodyOf', 'GET: owner, status and body read (SQLite)');
time(sv.extractions, 'get', 'GET: extractions.get');
time(sv.runner, 'run', 'POST: worker pool round trip (wall, with queueing)');
time(sv.documentTypes, 'resolveForExtraction', 'POST: document type resolution');
time(sv.requestLog, 'record', 'request log: record');
time(sv.requestLog, 'flush', 'request log: flush (batch sent to the writer thread; wall, until it is written)');

const base = await s.app.listen({ port: 0, host: '127.0.0.1' });
const auth = `Bearer ${s.boot.secret_key}`;
const form = multipart({ client_ocr: JSON.stringify(SLIP_CLIENT_OCR) });
const dir = mkdtempSync(join(tmpdir(), 'docex-phases-'));
const bodyFile = join(dir, 'body');
writeFileSync(bodyFile, form.payload);
const created = await s.app.inject({ method: 'POST', url: '/v1/extractions', headers: { ...form.headers, authorization: auth }, payload: form.payload });
const id = (created.json() as { id: string }).id;

const cannon = (seconds: string) => {
  const args = ['node_modules/autocannon/autocannon.js', '-c', connections, '-d', seconds, '-j', '-H', `authorization=${auth}`];
  if (scenario === 'post-slip') args.push('-m', 'POST', '-H', `content-type=${form.headers['content-type']}`, '-i', bodyFile, `${base}/v1/extractions`);
  else args.push(scenario === 'me' ? `${base}/v1/me` : `${base}/v1/extractions/${id}`);
  return promisify(execFile)(process.execPath, args, { maxBuffer: 100_000_000 });
};

await cannon('2'); // warm-up
phases.clear();
const session = new Session();
if (opts.profile) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 250 });
  await session.post('Profiler.start');
}
const elu0 = performance.eventLoopUtilization();
const cpu0 = process.cpuUsage();
const { stdout } = await cannon(opts.duration!);
const elu = performance.eventLoopUtilization(elu0);
const cpu = process.cpuUsage(cpu0);
if (opts.profile) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(opts.profile, JSON.stringify(profile));
  session.disconnect();
}
const r = JSON.parse(stdout) as { duration: number; '2xx': number; non2xx: number; latency: { p50: number; p99: number } };
const n = r['2xx'] + r.non2xx;
const log = (line: string) => process.stdout.write(`${line}\n`);
log(`${scenario}, synchronous=${opts.sync}, ${connections} connections, ${r.duration.toFixed(1)} s: ${(n / r.duration).toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`);
log(`main thread: event loop utilization ${(100 * elu.utilization).toFixed(0)}%, ${(elu.active / n).toFixed(3)} ms busy a request; server process CPU (all threads) ${((cpu.user + cpu.system) / 10 / (r.duration * 1000)).toFixed(0)}% of one core`);
log(`${'phase'.padEnd(56)} ${'calls'.padStart(7)} ${'ms/call'.padStart(9)} ${'ms/request'.padStart(11)}`);
for (const [label, p] of [...phases].sort((a, b) => b[1].ms - a[1].ms)) log(`${label.padEnd(56)} ${String(p.calls).padStart(7)} ${(p.ms / p.calls).toFixed(3).padStart(9)} ${(p.ms / n).toFixed(3).padStart(11)}`);
if (opts.profile) printProfileSummary(summarizeProfile(opts.profile));
await s.close();
rmSync(dir, { recursive: true, force: true });
