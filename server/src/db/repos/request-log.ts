import { Worker } from 'node:worker_threads';
import { statement, type Db } from '../open-database.js';

export interface RequestLogEntry {
  application_id: string | null;
  key_id: string | null;
  method: string;
  route: string;
  status: number;
  code: string | null;
  duration_ms: number;
  documents: number;
  pages: number;
  /** Platform from `X-Service-SDK` (`web`, `ios`... or `other`); null without the header. */
  sdk: string | null;
  created_at: string;
}

export interface UsageFigures {
  requests: number;
  documents: number;
  pages: number;
  errors: number;
  durations: number[];
  daily: { date: string; requests: number; documents: number; pages: number; errors: number }[];
}

/** One UTC day (or a whole window) of the request log, with latency percentiles in milliseconds. */
export interface UsageDay {
  date: string;
  requests: number;
  documents: number;
  pages: number;
  errors: number;
  p50: number | null;
  p95: number | null;
}

/** Whose rows: every application of an organization, or one application. */
export type UsageScope = { organizationId: string } | { applicationId: string };

/**
 * The nearest-rank percentile `p` of the rows' `duration_ms`, as `/v1/usage` computes it: the
 * value at 0-based rank floor(p * n) of the sorted durations (the last one at most). `rn` and
 * `n` are the row's rank and its group's size.
 */
const percentileSql = (p: number) => `MAX(CASE WHEN rn = MIN(n, CAST(n * ${p} AS INTEGER) + 1) THEN duration_ms END)`;

const scopeSql = (scope: UsageScope) =>
  'organizationId' in scope ? 'application_id IN (SELECT id FROM applications WHERE organization_id = ?)' : 'application_id = ?';
const scopeValue = (scope: UsageScope) => ('organizationId' in scope ? scope.organizationId : scope.applicationId);

const LOG_COLUMNS = 'application_id, key_id, method, route, status, code, duration_ms, documents, pages, sdk, created_at';
const LOG_VALUES_PER_ROW = 11;

/** Rows posted to the writer thread: `LOG_VALUES_PER_ROW` values a row, in `LOG_COLUMNS` order. */
export interface LogBatch {
  seq: number;
  values: (string | number | null)[];
}
export interface LogBatchDone {
  seq: number;
  /** False when the writer could not write the batch: the server thread writes it then. */
  written: boolean;
}

/** Writes one batch of flat values to `db`'s request log, in one transaction: the writer thread's and the fallback's. */
export function logBatchWriter(db: Db): (values: LogBatch['values']) => void {
  const insert = db.prepare(`INSERT INTO request_log (${LOG_COLUMNS}) VALUES (${Array(LOG_VALUES_PER_ROW).fill('?').join(', ')})`);
  const write = db.transaction((values: LogBatch['values']) => {
    for (let i = 0; i < values.length; i += LOG_VALUES_PER_ROW) insert.run(values.slice(i, i + LOG_VALUES_PER_ROW));
  });
  return (values) => write.immediate(values);
}

/** At most this many rows wait in memory (about 2 MB) before they are sent early. */
const MAX_PENDING_ROWS = 10_000;

/**
 * The request log (metadata only, never content). A request adds its values to a flat array;
 * once a second the array goes to a writer thread with its own connection, which inserts it
 * (`server/src/db/request-log-writer.ts`). The server thread so spends on the log only the
 * pushing of a request's values, and never stalls for a batch of inserts. A crash loses at most the last
 * second of log rows, never an extraction. Reads (usage, purge) first wait until every row
 * recorded before them is written. Should the writer fail, its rows are written here instead.
 */
export class RequestLogRepo {
  private pending: LogBatch['values'] = [];
  private timer: NodeJS.Timeout | null = null;
  private writer: Worker | null;
  private seq = 0;
  /** Batches sent and not yet written, by sequence number, with what settles their waiters. */
  private readonly inFlight = new Map<number, { values: LogBatch['values']; written: Promise<void>; done: () => void }>();
  private readonly writeHere;

  constructor(
    private readonly db: Db,
    private readonly flushEveryMs = 1000,
  ) {
    this.writeHere = logBatchWriter(db);
    this.writer = new Worker(new URL('../request-log-writer-entry.mjs', import.meta.url), { workerData: { path: db.name } });
    this.writer.unref();
    this.writer.on('message', (done: LogBatchDone) => {
      const batch = this.inFlight.get(done.seq);
      if (!batch) return;
      this.inFlight.delete(done.seq);
      if (!done.written) this.writeHere(batch.values);
      batch.done();
    });
    // A writer that fails or exits hands its unwritten batches, and all later ones, to this
    // thread. (One that died after a commit but before its answer would have its batch written
    // twice: a log row counted twice is the price of never losing one.)
    const lost = () => {
      this.writer = null;
      for (const [seq, batch] of this.inFlight) {
        this.inFlight.delete(seq);
        this.writeHere(batch.values);
        batch.done();
      }
    };
    this.writer.on('error', lost);
    this.writer.on('exit', lost);
  }

  record(e: RequestLogEntry): void {
    this.pending.push(e.application_id, e.key_id, e.method, e.route, e.status, e.code, e.duration_ms, e.documents, e.pages, e.sdk, e.created_at);
    if (this.pending.length >= MAX_PENDING_ROWS * LOG_VALUES_PER_ROW) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushEveryMs).unref();
  }

  /** Sends what is pending; resolves once every row recorded so far is written. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const values = this.pending;
    this.pending = [];
    if (values.length > 0 && this.writer) {
      const seq = ++this.seq;
      let done!: () => void;
      const written = new Promise<void>((resolve) => (done = resolve));
      this.inFlight.set(seq, { values, written, done });
      this.writer.postMessage({ seq, values } satisfies LogBatch);
    } else if (values.length > 0) {
      this.writeHere(values);
    }
    return Promise.all([...this.inFlight.values()].map((b) => b.written)).then(() => undefined);
  }

  /** Writes what is pending and stops the writer thread. */
  async close(): Promise<void> {
    await this.flush();
    const writer = this.writer;
    this.writer = null;
    if (writer) {
      const exited = new Promise((resolve) => writer.once('exit', resolve));
      writer.postMessage('close');
      await exited;
    }
  }

  /** An application's figures from `fromIso` on, with one entry a UTC day. */
  async usage(applicationId: string, fromIso: string): Promise<UsageFigures> {
    await this.flush();
    const totals = statement(this.db, 
        `SELECT COUNT(*) AS requests, COALESCE(SUM(documents), 0) AS documents, COALESCE(SUM(pages), 0) AS pages, COALESCE(SUM(status >= 400), 0) AS errors
         FROM request_log WHERE application_id = ? AND created_at >= ?`,
      )
      .get(applicationId, fromIso) as Omit<UsageFigures, 'durations' | 'daily'>;
    const durations = statement(this.db, 'SELECT duration_ms FROM request_log WHERE application_id = ? AND created_at >= ? ORDER BY duration_ms').pluck().all(applicationId, fromIso) as number[];
    const daily = statement(this.db, 
        `SELECT substr(created_at, 1, 10) AS date, COUNT(*) AS requests, SUM(documents) AS documents, SUM(pages) AS pages, SUM(status >= 400) AS errors
         FROM request_log WHERE application_id = ? AND created_at >= ? GROUP BY date ORDER BY date`,
      )
      .all(applicationId, fromIso) as UsageFigures['daily'];
    return { ...totals, durations, daily };
  }

  /**
   * Requests, documents, pages, errors (status 400 and above) and the 50th and 95th latency
   * percentiles per UTC day from `fromIso` on (days without requests are absent), and the same
   * over the whole window: aggregated in SQL, so only one row a day leaves the database.
   */
  async dailyUsage(scope: UsageScope, fromIso: string): Promise<{ days: UsageDay[]; total: Omit<UsageDay, 'date'> }> {
    await this.flush();
    const where = `created_at >= ? AND ${scopeSql(scope)}`;
    const days = statement(
      this.db,
      `WITH r AS (
         SELECT substr(created_at, 1, 10) AS date, status, documents, pages, duration_ms,
                ROW_NUMBER() OVER (PARTITION BY substr(created_at, 1, 10) ORDER BY duration_ms) AS rn,
                COUNT(*) OVER (PARTITION BY substr(created_at, 1, 10)) AS n
         FROM request_log WHERE ${where})
       SELECT date, COUNT(*) AS requests, SUM(documents) AS documents, SUM(pages) AS pages, SUM(status >= 400) AS errors,
              ${percentileSql(0.5)} AS p50, ${percentileSql(0.95)} AS p95
       FROM r GROUP BY date ORDER BY date`,
    ).all(fromIso, scopeValue(scope)) as UsageDay[];
    const total = statement(
      this.db,
      `WITH r AS (
         SELECT status, documents, pages, duration_ms, ROW_NUMBER() OVER (ORDER BY duration_ms) AS rn, COUNT(*) OVER () AS n
         FROM request_log WHERE ${where})
       SELECT COUNT(*) AS requests, COALESCE(SUM(documents), 0) AS documents, COALESCE(SUM(pages), 0) AS pages, COALESCE(SUM(status >= 400), 0) AS errors,
              ${percentileSql(0.5)} AS p50, ${percentileSql(0.95)} AS p95
       FROM r`,
    ).get(fromIso, scopeValue(scope)) as Omit<UsageDay, 'date'>;
    return { days, total };
  }

  /** Drops rows older than `beforeIso` (the 90-day retention). */
  async purge(beforeIso: string): Promise<number> {
    await this.flush();
    return statement(this.db, 'DELETE FROM request_log WHERE created_at < ?').run(beforeIso).changes;
  }
}
