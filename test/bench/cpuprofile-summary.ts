/**
 * Where a V8 CPU profile (`node --cpu-prof`) spends its time: the top functions by self time and
 * inclusive time, and the server's parts (auth, SQLite repositories, request log, multipart
 * parsing, the worker pool round trip, serialization, Fastify, Node's HTTP stack, GC).
 * `tsx test/bench/cpuprofile-summary.ts FILE.cpuprofile...` prints the same as the API benchmark's
 * `--profile` run.
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  parent?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Parts of the server, by the file (or V8 pseudo-function) a stack frame belongs to. */
export const PARTS: [string, (f: CallFrame) => boolean][] = [
  ['auth (server/src/auth: credential, key hash, capabilities)', (f) => f.url.includes('/server/src/auth/')],
  ['accounts repo (key lookup in SQLite)', (f) => f.url.includes('/server/src/db/repos/accounts')],
  ['extractions repo (SQLite reads/writes)', (f) => f.url.includes('/server/src/db/repos/extractions')],
  ['request log repo (batched inserts)', (f) => f.url.includes('/server/src/db/repos/request-log')],
  ['rate limiter', (f) => f.url.includes('/server/src/http/rate-limiter')],
  ['extraction service (create/get)', (f) => f.url.includes('/server/src/extraction/extraction-service')],
  ['parse request (form fields, client_ocr JSON)', (f) => f.url.includes('/server/src/extraction/parse-request')],
  ['multipart (@fastify/multipart, busboy)', (f) => /@fastify\/multipart|@fastify\/busboy|\/busboy\//.test(f.url)],
  ['piscina (worker pool round trip)', (f) => f.url.includes('/piscina/') || f.url.includes('node:internal/worker')],
  ['extraction runner', (f) => f.url.includes('/server/src/extraction/extraction-runner')],
  ['response serialization (fast-json-stringify)', (f) => f.url.includes('fast-json-stringify')],
  ['Fastify core', (f) => f.url.includes('/node_modules/fastify/') || f.url.includes('/find-my-way/') || f.url.includes('/avvio/')],
  ['@fastify/cors', (f) => f.url.includes('@fastify/cors')],
  ['Node HTTP/net stack', (f) => /node:(_http|http|net|internal\/(stream|http|net|streams))/.test(f.url)],
  ['engine (extraction in this thread)', (f) => f.url.includes('/engine/src/')],
  ['garbage collector', (f) => f.functionName === '(garbage collector)'],
  ['(program: native, outside JS)', (f) => f.functionName === '(program)'],
  ['(idle)', (f) => f.functionName === '(idle)'],
];

export interface ProfileSummary {
  file: string;
  totalMs: number;
  busyMs: number;
  parts: { part: string; inclusiveMs: number; share: number }[];
  topSelf: { fn: string; selfMs: number; share: number }[];
  topInclusive: { fn: string; inclusiveMs: number; share: number }[];
}

const where = (f: CallFrame) => `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(node_modules|server|engine)\//, '$1/')}:${f.lineNumber + 1}`;

export function summarizeProfile(file: string, top = 20): ProfileSummary {
  const p = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  for (const n of p.nodes) for (const c of n.children ?? []) byId.get(c)!.parent = n.id;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const parts = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const dt = (p.timeDeltas[i] ?? 0) / 1000;
    total += dt;
    const leaf = byId.get(p.samples[i])!;
    if (leaf.callFrame.functionName === '(idle)') idle += dt;
    self.set(where(leaf.callFrame), (self.get(where(leaf.callFrame)) ?? 0) + dt);
    const seenFns = new Set<string>();
    const seenParts = new Set<string>();
    for (let n: ProfileNode | undefined = leaf; n; n = n.parent === undefined ? undefined : byId.get(n.parent)) {
      const key = where(n.callFrame);
      if (!seenFns.has(key)) {
        seenFns.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
      }
      for (const [part, test] of PARTS) {
        if (!seenParts.has(part) && test(n.callFrame)) {
          seenParts.add(part);
          parts.set(part, (parts.get(part) ?? 0) + dt);
        }
      }
    }
  }
  const busy = total - idle;
  const share = (ms: number) => (busy > 0 ? ms / busy : 0);
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  const skip = /^\((root|program|idle|garbage collector)\)|^\(anonymous\) :0$/;
  return {
    file,
    totalMs: total,
    busyMs: busy,
    parts: PARTS.map(([part]) => ({ part, inclusiveMs: parts.get(part) ?? 0, share: share(parts.get(part) ?? 0) })).filter((x) => x.inclusiveMs > 0),
    topSelf: sorted(self)
      .slice(0, top)
      .map(([fn, ms]) => ({ fn, selfMs: ms, share: share(ms) })),
    topInclusive: sorted(inclusive)
      .filter(([fn]) => !skip.test(fn))
      .slice(0, top)
      .map(([fn, ms]) => ({ fn, inclusiveMs: ms, share: share(ms) })),
  };
}

export function printProfileSummary(s: ProfileSummary, out: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): void {
  const pct = (x: number) => `${(100 * x).toFixed(1).padStart(5)}%`;
  out(`\n${s.file}: ${(s.totalMs / 1000).toFixed(1)} s sampled, ${(s.busyMs / 1000).toFixed(1)} s busy (shares below are of busy time)`);
  out('  parts (inclusive: a sample counts for each part on its stack):');
  for (const p of s.parts) out(`    ${pct(p.share)}  ${p.inclusiveMs.toFixed(0).padStart(7)} ms  ${p.part}`);
  out('  top functions by self time:');
  for (const f of s.topSelf) out(`    ${pct(f.share)}  ${f.selfMs.toFixed(0).padStart(7)} ms  ${f.fn}`);
  out('  top functions by inclusive time:');
  for (const f of s.topInclusive) out(`    ${pct(f.share)}  ${f.inclusiveMs.toFixed(0).padStart(7)} ms  ${f.fn}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of process.argv.slice(2)) printProfileSummary(summarizeProfile(file));
}
