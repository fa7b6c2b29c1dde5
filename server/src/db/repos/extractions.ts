import { LRUCache } from 'lru-cache';
import { GroupCommit } from '../group-commit.js';
import { statement, type Db } from '../open-database.js';

export type ExtractionStatus = 'queued' | 'processing' | 'succeeded' | 'failed';

export interface ExtractionRecord {
  id: string;
  organization_id: string;
  application_id: string;
  key_id: string;
  livemode: boolean;
  status: ExtractionStatus;
  document_type: string | null;
  schema_id: string | null;
  mode: string;
  /**
   * The public extraction object as UTF-8 JSON bytes (stored as a BLOB): a read sends them as
   * they are, with no decoding into a string and encoding back. Null once purged or under zero
   * retention.
   */
  body: Buffer | null;
  error: string | null;
  pages: number | null;
  document_path: string | null;
  created_at: string;
  completed_at: string | null;
  expires_at: string | null;
}

export interface JobRecord {
  extraction_id: string;
  /** Of the extraction, read with the job so the worker needs no second read. */
  organization_id: string;
  application_id: string;
  attempts: number;
  input: string;
  document_path: string | null;
}

/** A new row: the record's columns without `error` (set only by completion), plus its metadata. */
export type NewExtraction = Omit<ExtractionRecord, 'error'> & { metadata: string | null };

export interface Completion {
  status: 'succeeded' | 'failed';
  body: Buffer | null;
  error: string | null;
  pages: number | null;
  completed_at: string;
  expires_at: string | null;
}

/** What an extraction counts against: `org:<id>` and `key:<id>` subjects in a UTC month. */
export interface QuotaCount {
  month: string;
  subjects: { subject: string; limit: number | null }[];
}

/** An idempotency key as stored with the extraction its request made. */
export interface IdempotencyClaim {
  credentialId: string;
  key: string;
}

/** A claim found on a key: the request that made it, its extraction id, and whether that extraction was stored. */
export interface HeldClaim {
  request_hash: string;
  extraction_id: string;
  stored: boolean;
}

export interface EventRecord {
  id: string;
  application_id: string;
  type: string;
  extraction_id: string | null;
  payload: string;
  created_at: string;
}

const EXTRACTION_COLUMNS = 'id, organization_id, application_id, key_id, livemode, status, document_type, schema_id, mode, body, error, pages, document_path, created_at, completed_at, expires_at';

/** Filters of the console's extraction list; times are ISO 8601 UTC. */
export interface ConsoleListFilter {
  status?: ExtractionStatus;
  documentType?: string;
  reviewRequired?: boolean;
  livemode?: boolean;
  from?: string;
  to?: string;
  before?: { created_at: string; id: string };
  limit: number;
}

/** One row of the console's list (no result content). */
export interface ConsoleListRow {
  id: string;
  status: ExtractionStatus;
  document_type: string | null;
  schema_version: number | null;
  mode: string;
  livemode: boolean;
  pages: number | null;
  created_at: string;
  completed_at: string | null;
  review_required: boolean | null;
  /** A person corrected a value of the result. */
  corrected: boolean;
  error_code: string | null;
}

/** What `bodyOf` reads: the owner, the status and the stored body. */
export type StoredBody = Pick<ExtractionRecord, 'application_id' | 'status' | 'body'>;

export interface ExtractionsRepoOptions {
  /**
   * Memory for finished results read before (bytes; 0, the default, keeps none). A finished
   * result does not change until it is purged, and one read is often followed by more: a
   * client polling a queued extraction, a webhook consumer fetching on the event, a reviewer.
   */
  resultCacheBytes?: number;
  /** Called for each event inside the transaction that stores it (webhook deliveries are fanned out there). */
  onEvent?: (event: EventRecord) => void;
}

function extractionFrom(r: Record<string, unknown>): ExtractionRecord {
  return { ...(r as unknown as ExtractionRecord), livemode: r.livemode === 1 };
}

/** Extractions, their jobs, idempotency keys, monthly counters and events: all their SQL. */
export class ExtractionsRepo {
  private readonly getById;
  private readonly writes: GroupCommit;
  private readonly getBody;
  private readonly insertExtraction;
  private readonly bump;
  private readonly count;
  private readonly insertEvent;
  /** Finished results by id, as `bodyOf` read them; dropped when purged or deleted. */
  private readonly finished: LRUCache<string, StoredBody> | null;
  private readonly onEvent: (event: EventRecord) => void;

  constructor(
    private readonly db: Db,
    options: ExtractionsRepoOptions = {},
  ) {
    const cacheBytes = options.resultCacheBytes ?? 0;
    this.onEvent = options.onEvent ?? (() => undefined);
    // The id, owner and status are counted at a flat 100 bytes beside the body.
    this.finished = cacheBytes > 0 ? new LRUCache({ maxSize: cacheBytes, sizeCalculation: (v) => v.body!.length + 100 }) : null;
    this.writes = new GroupCommit(db);
    this.getById = db.prepare(`SELECT ${EXTRACTION_COLUMNS} FROM extractions WHERE id = ?`);
    this.getBody = db.prepare('SELECT application_id, status, body FROM extractions WHERE id = ?');
    this.insertExtraction = db.prepare(
      `INSERT INTO extractions (${EXTRACTION_COLUMNS.replace(', error', '').replace(', body', ', metadata, body')})
       VALUES (@id, @organization_id, @application_id, @key_id, @livemode, @status, @document_type, @schema_id, @mode, @metadata, @body, @pages, @document_path, @created_at, @completed_at, @expires_at)`,
    );
    this.bump = db.prepare('INSERT INTO monthly_usage (subject, month, documents) VALUES (?, ?, ?) ON CONFLICT (subject, month) DO UPDATE SET documents = documents + excluded.documents');
    this.count = db.prepare('SELECT documents FROM monthly_usage WHERE subject = ? AND month = ?').pluck();
    this.insertEvent = db.prepare('INSERT INTO events (id, application_id, type, extraction_id, payload, created_at) VALUES (@id, @application_id, @type, @extraction_id, @payload, @created_at)');
  }

  /**
   * What a read of the API first needs: owner, status and stored body, without the other
   * columns. A finished extraction is answered from these alone, and from memory once read
   * (see `resultCacheBytes`): nothing but `purgeBody` and `deleteExtractions` changes it then.
   */
  bodyOf(id: string): StoredBody | null {
    const cached = this.finished?.get(id);
    if (cached) return cached;
    const stored = (this.getBody.get(id) as StoredBody | undefined) ?? null;
    // Not from inside a transaction: a rollback could take the row back.
    if (this.finished && stored && stored.body !== null && isFinal(stored.status) && !this.db.inTransaction) this.finished.set(id, Object.freeze(stored));
    return stored;
  }

  extraction(id: string): ExtractionRecord | null {
    const r = this.getById.get(id) as Record<string, unknown> | undefined;
    return r ? extractionFrom(r) : null;
  }

  /**
   * Stores an accepted extraction, its job when queued and its events, and counts its document
   * against each quota subject, all or nothing, in a group commit shared with the other writes
   * of this turn. The quotas are checked again inside the transaction, so two requests at the
   * last unit cannot both be stored: resolves to the index of the first subject at its limit
   * (nothing stored), or -1 once stored and on disk. With `claim`, the idempotency key that
   * made it is marked finished in the same transaction.
   */
  store(extraction: NewExtraction, job: { input: string } | null, events: EventRecord[], quota: QuotaCount, claim?: IdempotencyClaim): Promise<number> {
    return this.writes.run(() => {
      const full = this.quotaReached(quota.month, quota.subjects);
      if (full >= 0) return full;
      for (const s of quota.subjects) this.bump.run(s.subject, quota.month, 1);
      this.insertExtraction.run({ ...extraction, livemode: extraction.livemode ? 1 : 0 });
      if (job) statement(this.db, 'INSERT INTO jobs (extraction_id, run_after, input) VALUES (?, ?, ?)').run(extraction.id, extraction.created_at, job.input);
      if (claim) statement(this.db, 'UPDATE idempotency_keys SET stored = 1 WHERE credential_id = ? AND idempotency_key = ? AND extraction_id = ?').run(claim.credentialId, claim.key, extraction.id);
      this.recordEvents(events);
      return -1;
    });
  }

  private recordEvents(events: EventRecord[]): void {
    for (const e of events) {
      this.insertEvent.run(e);
      this.onEvent(e);
    }
  }

  /** Documents counted for `subject` (`org:<id>` or `key:<id>`) in `month` (YYYY-MM). */
  monthlyDocuments(subject: string, month: string): number {
    return (this.count.get(subject, month) as number | undefined) ?? 0;
  }

  /** The index of the first subject at its limit in `month`, or -1: a read, nothing counted. */
  quotaReached(month: string, subjects: QuotaCount['subjects']): number {
    return subjects.findIndex((s) => s.limit !== null && this.monthlyDocuments(s.subject, month) >= s.limit);
  }

  /**
   * Moves a queued or processing extraction to its final state, drops its job and records its
   * events, in one transaction. Returns false when it was already final (a second worker, a
   * resumed job): an extraction completes exactly once.
   */
  complete(id: string, c: Completion, events: EventRecord[]): boolean {
    return this.db.transaction(() => {
      const changed = statement(this.db, "UPDATE extractions SET status = ?, body = ?, error = ?, pages = ?, completed_at = ?, expires_at = ? WHERE id = ? AND status IN ('queued', 'processing')")
        .run(c.status, c.body, c.error, c.pages, c.completed_at, c.expires_at, id).changes;
      statement(this.db, 'DELETE FROM jobs WHERE extraction_id = ?').run(id);
      if (changed === 0) return false;
      this.recordEvents(events);
      return true;
    }).immediate();
  }

  /**
   * Takes the next due job: locks it until `lockedUntil`, counts the attempt and marks its
   * extraction `processing`. Null when nothing is due.
   */
  claimJob(nowIso: string, lockedUntil: string): JobRecord | null {
    return this.db.transaction(() => {
      const job = statement(this.db, 
          `SELECT j.extraction_id, e.organization_id, e.application_id, j.attempts, j.input, e.document_path FROM jobs j JOIN extractions e ON e.id = j.extraction_id
           WHERE j.run_after <= ? AND (j.locked_until IS NULL OR j.locked_until <= ?) ORDER BY j.run_after LIMIT 1`,
        )
        .get(nowIso, nowIso) as JobRecord | undefined;
      if (!job) return null;
      statement(this.db, 'UPDATE jobs SET attempts = attempts + 1, locked_until = ? WHERE extraction_id = ?').run(lockedUntil, job.extraction_id);
      statement(this.db, "UPDATE extractions SET status = 'processing' WHERE id = ? AND status = 'queued'").run(job.extraction_id);
      return { ...job, attempts: job.attempts + 1 };
    }).immediate();
  }

  /** Puts a job back to be tried again after `runAfter`. */
  retryJob(id: string, runAfter: string, lastError: string): void {
    statement(this.db, 'UPDATE jobs SET locked_until = NULL, run_after = ?, last_error = ? WHERE extraction_id = ?').run(runAfter, lastError, id);
  }

  /** At start: locks held by a process that is gone are released, so its jobs resume now. */
  releaseLocks(): number {
    return statement(this.db, 'UPDATE jobs SET locked_until = NULL WHERE locked_until IS NOT NULL').run().changes;
  }

  private idempotency(credentialId: string, key: string, notBefore: string): HeldClaim | null {
    const held = statement(this.db, 'SELECT request_hash, extraction_id, stored FROM idempotency_keys WHERE credential_id = ? AND idempotency_key = ? AND created_at > ?')
      .get(credentialId, key, notBefore) as (Omit<HeldClaim, 'stored'> & { stored: number }) | undefined;
    return held ? { ...held, stored: held.stored === 1 } : null;
  }

  /**
   * Claims an idempotency key for a request; returns the existing claim when another request
   * holds it (the primary key makes the claim atomic). An expired claim is replaced, and so is
   * an unfinished one (no extraction stored) whose request is not `running`: its process died
   * before storing anything, so the retry does the work (Stripe's semantics). Checked and taken
   * in one transaction: of two racing retries one takes it, the other finds it running.
   */
  claimIdempotency(
    credentialId: string,
    key: string,
    requestHash: string,
    extractionId: string,
    nowIso: string,
    notBefore: string,
    running: (extractionId: string) => boolean,
  ): HeldClaim | null {
    return this.db.transaction(() => {
      const held = this.idempotency(credentialId, key, notBefore);
      if (held && (held.stored || running(held.extraction_id))) return held;
      statement(this.db, 
          `INSERT INTO idempotency_keys (credential_id, idempotency_key, request_hash, extraction_id, created_at, stored) VALUES (?, ?, ?, ?, ?, 0)
           ON CONFLICT (credential_id, idempotency_key) DO UPDATE SET request_hash = excluded.request_hash, extraction_id = excluded.extraction_id, created_at = excluded.created_at, stored = 0`,
        )
        .run(credentialId, key, requestHash, extractionId, nowIso);
      return null;
    }).immediate();
  }

  /** Frees a claim whose request created no extraction, so a retry can proceed. */
  dropIdempotency(credentialId: string, key: string, extractionId: string): void {
    statement(this.db, 'DELETE FROM idempotency_keys WHERE credential_id = ? AND idempotency_key = ? AND extraction_id = ?').run(credentialId, key, extractionId);
  }

  /**
   * The console's list of an application's extractions, newest first, after the `before`
   * cursor (created_at and id of the last row of the page before). `review_required` is read
   * from the stored result (null while queued, for failures, and for results no longer kept).
   */
  consoleList(applicationId: string, f: ConsoleListFilter): ConsoleListRow[] {
    const where = ['application_id = @app'];
    if (f.status) where.push('status = @status');
    if (f.documentType) where.push('document_type = @documentType');
    if (f.livemode !== undefined) where.push('livemode = @livemode');
    if (f.from) where.push('created_at >= @from');
    if (f.to) where.push('created_at < @to');
    if (f.before) where.push('(created_at < @beforeAt OR (created_at = @beforeAt AND id < @beforeId))');
    if (f.reviewRequired !== undefined) where.push("json_extract(CAST(body AS TEXT), '$.review.required') = @review");
    const sql = `SELECT id, status, document_type, mode, livemode, pages, created_at, completed_at,
        json_extract(CAST(body AS TEXT), '$.schema_version') AS schema_version,
        json_extract(CAST(body AS TEXT), '$.review.required') AS review_required,
        json_extract(error, '$.code') AS error_code,
        EXISTS (SELECT 1 FROM corrections c WHERE c.extraction_id = extractions.id) AS corrected
      FROM extractions WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT @limit`;
    const rows = statement(this.db, sql).all({
      app: applicationId,
      status: f.status ?? null,
      documentType: f.documentType ?? null,
      livemode: f.livemode ? 1 : 0,
      from: f.from ?? null,
      to: f.to ?? null,
      beforeAt: f.before?.created_at ?? null,
      beforeId: f.before?.id ?? null,
      review: f.reviewRequired ? 1 : 0,
      limit: f.limit,
    }) as Record<string, unknown>[];
    return rows.map((r) => ({
      ...(r as unknown as ConsoleListRow),
      livemode: r.livemode === 1,
      review_required: r.review_required === null ? null : r.review_required === 1,
      corrected: r.corrected === 1,
    }));
  }

  /**
   * Replaces a finished result's stored object (a correction made in the console) and drops
   * the copy in memory, so the API's next read answers the new one.
   */
  replaceBody(id: string, body: Buffer): void {
    this.finished?.delete(id);
    statement(this.db, 'UPDATE extractions SET body = ? WHERE id = ? AND body IS NOT NULL').run(body, id);
  }

  /** Removes a result kept no longer (zero retention after its first read). */
  purgeBody(id: string): void {
    this.finished?.delete(id);
    statement(this.db, 'UPDATE extractions SET body = NULL, document_path = NULL, expires_at = ? WHERE id = ?').run(new Date().toISOString(), id);
  }

  /** Extractions past their retention, with their stored documents, for the purge. */
  expired(nowIso: string, limit: number): { id: string; document_path: string | null }[] {
    return statement(this.db, "SELECT id, document_path FROM extractions WHERE expires_at IS NOT NULL AND expires_at <= ? AND status IN ('succeeded', 'failed') LIMIT ?")
      .all(nowIso, limit) as { id: string; document_path: string | null }[];
  }

  deleteExtractions(ids: string[]): void {
    for (const id of ids) this.finished?.delete(id);
    this.db.transaction(() => {
      for (const id of ids) {
        // An event outlives its result only as a stub (webhook retries send `purged: true`).
        statement(this.db, "UPDATE events SET payload = json_object('id', id, 'type', type, 'purged', json('true')) WHERE extraction_id = ?").run(id);
        statement(this.db, 'DELETE FROM extractions WHERE id = ?').run(id);
      }
    }).immediate();
  }

  deleteIdempotencyBefore(notBefore: string): number {
    return statement(this.db, 'DELETE FROM idempotency_keys WHERE created_at <= ?').run(notBefore).changes;
  }

  events(extractionId: string): EventRecord[] {
    return statement(this.db, 'SELECT id, application_id, type, extraction_id, payload, created_at FROM events WHERE extraction_id = ? ORDER BY created_at, id').all(extractionId) as EventRecord[];
  }
}

/** Succeeded or failed: the result will not change. */
export const isFinal = (status: ExtractionStatus): boolean => status === 'succeeded' || status === 'failed';
