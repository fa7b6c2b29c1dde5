/**
 * HTTP throughput of the /v1 API: `npm run bench:api [-- options]`.
 *
 * Starts, each in its own process on 127.0.0.1, a bare Fastify server (one GET route, the
 * yardstick) and the real server (`server/src/start.ts` over a temporary data directory made by
 * `cli bootstrap --rate-limit 100000`, DOCEX_LOG=off), and loads them with autocannon from this
 * process. Each scenario runs at each connection count: a warm-up (discarded), then the measured
 * run; the warm-up and the measured run of the real server each use a secret key whose minute
 * window is fresh (22 keys in turn, waiting when one was used less than a minute ago), so the
 * per-key window of 100000 requests is never the limit. The whole set runs `--rounds`
 * times, scenarios interleaved, because this machine's speed drifts from minute to minute: a
 * round's GET/bare compares runs made within a minute of each other, and the report gives the
 * median of the rounds. Scenarios:
 *   bare          GET /ping of the bare Fastify server
 *   get           GET /v1/extractions/{id} of an existing extraction, secret key
 *   post-slip     POST /v1/extractions, multipart client_ocr: the 7-line card slip (SLIP_CLIENT_OCR)
 *   post-receipt  POST /v1/extractions, multipart client_ocr: a 29-line grocery receipt
 *   me            GET /v1/me (only with --only): the per-request cost of credentials, hooks and
 *                 the request log, without the extraction's 7.5 kB body
 * Prints every run; a round's best connection count a scenario and its GET/bare; the medians over
 * rounds (rates, and GET/bare of each round) and the targets on them (GET at least 40% of bare;
 * at least 500 client_ocr extractions a second); writes the figures as JSON to
 * /tmp/docex-api-bench.json (or --out) and as the last line of stdout.
 *
 * The server's environment passes through: `DOCEX_RESULT_CACHE_MB=0 npm run bench:api` measures
 * the GET with every read from SQLite instead of from the finished-results cache.
 *
 * Options: --rounds N (3), --duration S (5), --warmup S (2), --connections 10,50,100, --only bare,get,...,
 * --profile (runs the real server under `node --cpu-prof`, one scenario at a time is best, and
 * prints where its main thread and worker threads spend their time), --out FILE.
 */
import autocannon, { type Result } from 'autocannon';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { KeyAdmin } from '../../server/src/admin/key-admin.js';
import { AccountsRepo } from '../../server/src/db/repos/accounts.js';
import { openDatabase } from '../../server/src/db/open-database.js';
import { multipart, SLIP_CLIENT_OCR } from '../support/server-harness.js';
import { printProfileSummary, summarizeProfile } from './cpuprofile-summary.js';
import { freePort } from '../support/free-port.js';

const { values: opts } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10,50,100' },
    only: { type: 'string' },
    profile: { type: 'boolean', default: false },
    out: { type: 'string', default: '/tmp/docex-api-bench.json' },
  },
});
const ROUNDS = Math.max(1, Number(opts.rounds));
const DURATION = Number(opts.duration);
const WARMUP = Number(opts.warmup);
const CONNECTIONS = opts.connections!.split(',').map(Number);
/** `me` (GET /v1/me: the same credential checks, a small body) runs only when asked for with --only. */
const SCENARIOS = ['bare', 'get', 'me', 'post-slip', 'post-receipt'] as const;
type Scenario = (typeof SCENARIOS)[number];
const ONLY = new Set<string>(opts.only ? opts.only.split(',') : SCENARIOS.filter((s) => s !== 'me'));
const ROOT = process.cwd();
/** Secret keys made for the runs, each with the largest per-key rate limit (100000 a minute). */
const KEY_POOL = 22;
/**
 * The benchmark's own requests close their connections: an idle keep-alive connection left open
 * has been seen to hold the server's SIGTERM close until Fastify's keep-alive timeout (72 s).
 */
const CLOSE = { connection: 'close' };

/** A supermarket receipt as a phone's OCR reads it: 29 lines, 12 items, subtotal, tax, total, card. */
const RECEIPT_LINES = [
  "TRADER JOE'S #552",
  '1234 MARKET STREET',
  'SAN FRANCISCO CA 94103',
  'STORE (415) 555-0142',
  'OPEN 8:00AM TO 9:00PM DAILY',
  'ORGANIC BANANAS 0.99',
  'GREEK YOGURT PLAIN 4.49',
  'SOURDOUGH BREAD 3.29',
  'BABY SPINACH 2.99',
  'WILD SALMON FILLET 5.99',
  'ALMOND MILK 1.79',
  'CHEDDAR CHEESE 3.49',
  'OLIVE OIL EXTRA VIRGIN 6.99',
  'HUMMUS 2.49',
  'TRAIL MIX 4.29',
  'AVOCADOS BAG 3.99',
  'COFFEE WHOLE BEAN 7.49',
  'SUBTOTAL $48.28',
  'TAX $1.12',
  'TOTAL $49.40',
  'VISA $49.40',
  'CARD ************4821',
  'AUTH CODE: 08831Z',
  'CHIP READ',
  'CHANGE $0.00',
  'ITEMS IN TRANSACTION: 12',
  '02/18/2025 14:32 0552 03 1187 4411',
  "THANK YOU FOR SHOPPING AT TRADER JOE'S",
  'RETURNS WITH RECEIPT WITHIN 30 DAYS',
];
const RECEIPT_CLIENT_OCR = {
  width: 1000,
  height: 3000,
  lines: RECEIPT_LINES.map((text, i) => ({ text, bounding_box: { x: 0.08, y: 0.03 + i * 0.031, width: 0.84, height: 0.018 } })),
};

interface Proc {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

function startProcess(args: string[], env: Record<string, string>): Proc {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  child.stderr!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

async function stopProcess(p: Proc, graceMs = 30_000): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), graceMs);
  await p.exited;
  clearTimeout(timer);
}


async function waitFor(url: string, p: Proc, what: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (p.child.exitCode !== null) throw new Error(`${what} exited:\n${p.output()}`);
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} within 120 s:\n${p.output()}`);
    try {
      if ((await fetch(url, { headers: CLOSE })).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Row {
  round: number;
  scenario: Scenario;
  connections: number;
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  ok_2xx: number;
  non_2xx: number;
  errors: number;
  timeouts: number;
  status_codes: Record<string, number>;
  /** The machine's 1-minute load average after the run: above ~3 on 2 cores, other work was competing. */
  load_1m: number;
  /**
   * Share of the machine's CPU time during the run that the hypervisor gave to other guests
   * (`steal` in /proc/stat; null where unknown). Runs with a high share are slowed from outside.
   */
  steal_pct: number | null;
}

/** The `cpu` line of /proc/stat: total and stolen ticks (null off Linux). */
function cpuTicks(): { total: number; steal: number } | null {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { total: f.reduce((a, b) => a + b, 0), steal: f[7] ?? 0 };
  } catch {
    return null;
  }
}

function stealPct(before: ReturnType<typeof cpuTicks>, after: ReturnType<typeof cpuTicks>): number | null {
  if (!before || !after || after.total <= before.total) return null;
  return Math.round((1000 * (after.steal - before.steal)) / (after.total - before.total)) / 10;
}

function row(round: number, scenario: Scenario, connections: number, r: Result, steal: number | null): Row {
  return {
    round,
    scenario,
    connections,
    // Completed requests over the run (autocannon's per-second mean leaves out the partial last second).
    requests_per_s: Math.round(((r['2xx'] + r.non2xx) / r.duration) * 10) / 10,
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    ok_2xx: r['2xx'],
    non_2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    status_codes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([k, v]) => [k, v.count])),
    load_1m: Math.round(loadavg()[0] * 100) / 100,
    steal_pct: steal,
  };
}

const RESULT_CACHE_MB = process.env.DOCEX_RESULT_CACHE_MB?.trim() || '32';
function median(xs: number[]): number {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
}

const log = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  log(`API benchmark: ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), available parallelism ${availableParallelism()}, Node ${process.version}`);
  log(`load average at start ${loadavg().map((x) => x.toFixed(2)).join(' ')}; ${ROUNDS} rounds; ${WARMUP} s warm-up + ${DURATION} s measured a run; connections ${CONNECTIONS.join(', ')}; pipelining 1; autocannon in the benchmark process`);
  log(`server: DOCEX_RESULT_CACHE_MB=${RESULT_CACHE_MB} (finished results read before are answered from memory${RESULT_CACHE_MB === '0' ? ': off' : ''})\n`);
  const procs: Proc[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'docex-api-bench-'));
  const profDir = opts.profile ? mkdtempSync(join(tmpdir(), 'docex-api-prof-')) : null;
  const rows: Row[] = [];
  try {
    // The bare yardstick.
    const barePort = await freePort();
    const bare = startProcess(['--import', 'tsx', 'test/bench/bare-fastify-server.ts'], { PORT: String(barePort), HOST: '127.0.0.1' });
    procs.push(bare);
    const bareUrl = `http://127.0.0.1:${barePort}/ping`;
    await waitFor(bareUrl, bare, 'the bare Fastify server');

    // The real server over a bootstrapped data directory, as an operator starts it.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/src/cli/cli.ts', 'bootstrap', '--data-dir', dataDir, '--json', '--rate-limit', '100000'], { cwd: ROOT });
    const boot = JSON.parse(stdout.trim().split('\n').pop()!) as { application: string; secret_key: string };
    // One fresh key a run (made before the server starts, as `cli keys create` would).
    const db = openDatabase(dataDir);
    const accounts = new AccountsRepo(db);
    const application = accounts.application(boot.application)!;
    // An application holds at most 25 active keys: the bootstrap made 2.
    const keys = Array.from({ length: KEY_POOL }, (_, i) => new KeyAdmin(accounts).create(application, { kind: 'secret', name: `bench ${i}`, rate_limit_per_minute: 100_000 }).key);
    db.close();

    const port = await freePort();
    const server = startProcess([...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), '--import', 'tsx', 'server/src/start.ts'], {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DOCEX_LOG: 'off',
    });
    procs.push(server);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/v1/openapi.json`, server, 'the server');

    const slip = multipart({ client_ocr: JSON.stringify(SLIP_CLIENT_OCR) });
    const receipt = multipart({ client_ocr: JSON.stringify(RECEIPT_CLIENT_OCR) });
    const auth = { authorization: `Bearer ${boot.secret_key}`, ...CLOSE };
    // Both bodies extract (and the first request starts the worker threads' engines).
    for (const [name, form, expected] of [['slip', slip, 12.5], ['receipt', receipt, 49.4]] as const) {
      const res = await fetch(`${base}/v1/extractions`, { method: 'POST', headers: { ...auth, ...form.headers }, body: form.payload });
      const body = (await res.json()) as { id: string; status: string; data?: { amount?: number } };
      if (res.status !== 200) throw new Error(`POST ${name}: ${res.status} ${JSON.stringify(body)}`);
      log(`check: ${name} (${form.payload.length} bytes of multipart) -> ${res.status} ${body.status}, amount ${body.data?.amount} (expected ${expected})`);
    }
    const existing = (await (await fetch(`${base}/v1/extractions`, { method: 'POST', headers: { ...auth, ...slip.headers }, body: slip.payload })).json()) as { id: string };
    const read = await fetch(`${base}/v1/extractions/${existing.id}`, { headers: auth });
    log(`check: GET /v1/extractions/${existing.id} -> ${read.status}, ${(await read.text()).length} bytes\n`);

    // Keys in turn; one is used again only once its minute window has surely ended.
    let k = 0;
    const lastUsed = new Map<string, number>();
    const freshKey = async (): Promise<string> => {
      const key = keys[k++ % keys.length];
      const wait = (lastUsed.get(key) ?? -Infinity) + 61_000 - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      return key;
    };
    const run = async (s: Scenario, connections: number, duration: number) => {
      const key = s === 'bare' ? '' : await freshKey();
      try {
        return await autocannon({ ...target(s, key), connections, duration, timeout: 30 });
      } finally {
        lastUsed.set(key, Date.now());
      }
    };
    const target = (s: Scenario, key: string): Parameters<typeof autocannon>[0] => {
      const h = { authorization: `Bearer ${key}` };
      if (s === 'bare') return { url: bareUrl };
      if (s === 'get') return { url: `${base}/v1/extractions/${existing.id}`, headers: h };
      if (s === 'me') return { url: `${base}/v1/me`, headers: h };
      const form = s === 'post-slip' ? slip : receipt;
      return { url: `${base}/v1/extractions`, method: 'POST', headers: { ...h, ...form.headers }, body: form.payload };
    };
    log('round scenario      conns    req/s   p50 ms   p99 ms      2xx  non-2xx  errors  load(1m)  steal%');
    for (let round = 1; round <= ROUNDS; round++) {
      for (const s of SCENARIOS) {
        if (!ONLY.has(s)) continue;
        for (const connections of CONNECTIONS) {
          await run(s, connections, WARMUP);
          const ticks = cpuTicks();
          const result = await run(s, connections, DURATION);
          const r = row(round, s, connections, result, stealPct(ticks, cpuTicks()));
          rows.push(r);
          log(`${String(round).padStart(5)} ${s.padEnd(13)} ${String(connections).padStart(5)} ${r.requests_per_s.toFixed(0).padStart(8)} ${String(r.p50_ms).padStart(8)} ${String(r.p99_ms).padStart(8)} ${String(r.ok_2xx).padStart(8)} ${String(r.non_2xx).padStart(8)} ${String(r.errors + r.timeouts).padStart(7)} ${r.load_1m.toFixed(2).padStart(9)} ${(r.steal_pct === null ? '-' : r.steal_pct.toFixed(1)).padStart(7)}${r.non_2xx > 0 ? `  ${JSON.stringify(r.status_codes)}` : ''}`);
        }
      }
    }

    // A round's best connection count a scenario; GET/bare within each round; medians over rounds.
    const bestOf = (round: number, s: Scenario): Row | null =>
      rows.filter((r) => r.round === round && r.scenario === s).reduce<Row | null>((b, r) => (b === null || r.requests_per_s > b.requests_per_s ? r : b), null);
    const rounds = Array.from({ length: ROUNDS }, (_, i) => i + 1);
    const ran = SCENARIOS.filter((s) => ONLY.has(s));
    log('\nbest connection count a scenario, each round:');
    log('round scenario      conns    req/s   p50 ms   p99 ms  non-2xx');
    for (const round of rounds) {
      for (const s of ran) {
        const r = bestOf(round, s)!;
        log(`${String(round).padStart(5)} ${s.padEnd(13)} ${String(r.connections).padStart(5)} ${r.requests_per_s.toFixed(0).padStart(8)} ${String(r.p50_ms).padStart(8)} ${String(r.p99_ms).padStart(8)} ${String(r.non_2xx).padStart(8)}`);
      }
    }
    const medianRate = (s: Scenario): number | null => (ONLY.has(s) ? median(rounds.map((round) => bestOf(round, s)!.requests_per_s)) : null);
    const roundRatios = ONLY.has('get') && ONLY.has('bare') ? rounds.map((round) => bestOf(round, 'get')!.requests_per_s / bestOf(round, 'bare')!.requests_per_s) : null;
    const ratio = roundRatios ? median(roundRatios) : null;
    log(`\nmedians over ${ROUNDS} round(s):`);
    for (const s of ran) log(`${s.padEnd(13)} ${medianRate(s)!.toFixed(0).padStart(8)} req/s`);
    if (roundRatios) log(`GET/bare each round: ${roundRatios.map((x) => `${(100 * x).toFixed(1)}%`).join(', ')}`);
    const targets = {
      get_vs_bare: ratio === null ? null : { ratio: Math.round(ratio * 1000) / 1000, rounds: roundRatios!.map((x) => Math.round(x * 1000) / 1000), target: 0.4, met: ratio >= 0.4 },
      post_slip: medianRate('post-slip') === null ? null : { rate: medianRate('post-slip'), target: 500, met: medianRate('post-slip')! >= 500 },
      post_receipt: medianRate('post-receipt') === null ? null : { rate: medianRate('post-receipt'), target: 500, met: medianRate('post-receipt')! >= 500 },
    };
    if (targets.get_vs_bare) log(`GET/bare, median = ${(100 * targets.get_vs_bare.ratio).toFixed(1)}% (target >= 40%): ${targets.get_vs_bare.met ? 'met' : 'MISSED'}`);
    if (targets.post_slip) log(`client_ocr extractions/s, 7-line slip, median = ${targets.post_slip.rate} (target >= 500): ${targets.post_slip.met ? 'met' : 'MISSED'}`);
    if (targets.post_receipt) log(`client_ocr extractions/s, 29-line receipt, median = ${targets.post_receipt.rate} (target >= 500): ${targets.post_receipt.met ? 'met' : 'MISSED'}`);

    const stopping = Date.now();
    // Under --cpu-prof the server has been seen to take up to Fastify's 72 s keep-alive timeout to exit.
    await stopProcess(server, profDir ? 150_000 : 30_000);
    log(`\nthe server stopped (SIGTERM) in ${Date.now() - stopping} ms: exit code ${server.child.exitCode}, signal ${server.child.signalCode}`);
    if (profDir) {
      for (const f of readdirSync(profDir).filter((n) => n.endsWith('.cpuprofile')).sort()) printProfileSummary(summarizeProfile(join(profDir, f)));
      log(`\nprofiles kept in ${profDir}`);
    }

    const report = {
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? null, node: process.version },
      settings: { rounds: ROUNDS, duration_s: DURATION, warmup_s: WARMUP, connections_tried: CONNECTIONS, pipelining: 1, profiled: opts.profile, result_cache_mb: Number(RESULT_CACHE_MB) },
      runs: rows,
      best_each_round: rounds.map((round) => Object.fromEntries(ran.map((s) => { const r = bestOf(round, s)!; return [s, { connections: r.connections, requests_per_s: r.requests_per_s, p50_ms: r.p50_ms, p99_ms: r.p99_ms, non_2xx: r.non_2xx }]; }))),
      median_requests_per_s: Object.fromEntries(ran.map((s) => [s, medianRate(s)])),
      targets,
    };
    writeFileSync(opts.out!, `${JSON.stringify(report, null, 2)}\n`);
    log(`\nwritten to ${opts.out}`);
    log(JSON.stringify(report));
  } finally {
    for (const p of procs) await stopProcess(p);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
