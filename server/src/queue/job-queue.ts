import { readFile, unlink } from 'node:fs/promises';
import { isServiceError, ServiceError } from '../../../engine/src/errors/service-error.js';
import type { DocumentTypeService } from '../doctypes/document-type-service.js';
import type { ExtractionsRepo, JobRecord } from '../db/repos/extractions.js';
import { completionEvents, eventFor } from '../extraction/events.js';
import type { ExtractionRunner } from '../extraction/extraction-runner.js';
import { failedObject, succeededObject, PROCESSED_ASYNC } from '../extraction/extraction-object.js';
import type { JobInput } from '../extraction/extraction-service.js';
import { withTimeout } from '../with-timeout.js';
import { expiresAt } from '../retention.js';

export interface QueueSettings {
  /** Jobs run at once; the OCR and text pools below bound the CPU they take. */
  concurrency?: number;
  /** One attempt's time limit (10 minutes). */
  attemptTimeoutMs?: number;
  maxAttempts?: number;
  /** Pause before a job that hit a passing failure (no recogniser, a crash) is tried again. */
  retryDelayMs?: number;
  /** How often an idle queue looks for due jobs it was not told about. */
  pollMs?: number;
}

const TRANSIENT = new Set(['ocr_unavailable', 'internal_error', 'processing_timeout']);

/**
 * The asynchronous queue: jobs live in SQLite (they survive a restart or a killed process) and
 * run here, off the event loop in the runner's worker pools. A job's attempt is counted when it
 * is claimed, so a document that kills its attempts fails after the third with its code.
 */
export class JobQueue {
  private running = 0;
  private stopped = true;
  private onError: (err: unknown) => void = () => undefined;
  private timer: NodeJS.Timeout | null = null;
  private readonly active = new Set<Promise<void>>();
  private readonly s: Required<QueueSettings>;

  constructor(
    private readonly repo: ExtractionsRepo,
    private readonly types: DocumentTypeService,
    private readonly runner: ExtractionRunner,
    settings: QueueSettings = {},
  ) {
    this.s = { concurrency: 2, attemptTimeoutMs: 600_000, maxAttempts: 3, retryDelayMs: 30_000, pollMs: 1000, ...settings };
  }

  /**
   * Starts taking jobs; locks left by a process that is gone are released first. A failure of
   * the queue itself (a locked database, a full disk), not of a job, goes to `onError`; the
   * queue goes on polling, and a job whose completion could not be stored runs again once its
   * lock expires.
   */
  start(onError: (err: unknown) => void): void {
    this.onError = onError;
    this.stopped = false;
    this.repo.releaseLocks();
    this.poke();
  }

  /** Looks for due jobs now (called when one is queued). */
  poke(): void {
    if (this.stopped) return;
    try {
      while (this.running < this.s.concurrency) {
        const job = this.repo.claimJob(new Date().toISOString(), new Date(Date.now() + this.s.attemptTimeoutMs + 60_000).toISOString());
        if (!job) break;
        this.running += 1;
        const p = this.process(job)
          .catch(this.onError)
          .finally(() => {
            this.running -= 1;
            this.active.delete(p);
            this.poke();
          });
        this.active.add(p);
      }
    } catch (err) {
      this.onError(err);
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.poke(), this.s.pollMs);
    this.timer.unref();
  }

  /** Stops taking jobs and waits for the running ones. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await Promise.allSettled([...this.active]);
  }

  private async process(job: JobRecord): Promise<void> {
    const input = JSON.parse(job.input) as JobInput;
    if (job.attempts > this.s.maxAttempts) return this.fail(job, input, new ServiceError('processing_timeout'));
    try {
      const type = this.types.versionForJob(job.organization_id, input.type.key, input.type.version);
      const run =
        input.kind === 'file'
          ? this.runner.run({ file: new Uint8Array(await readFile(job.document_path!)), declaredType: input.declared_type }, type, { mode: input.mode, options: input.options, llm: input.llm, limits: input.limits })
          : this.runner.run({ clientOcr: input.client_ocr }, type, { mode: input.mode, options: input.options, llm: input.llm });
      const content = await withTimeout(run, this.s.attemptTimeoutMs);
      const body = succeededObject(input.head, content, [PROCESSED_ASYNC]);
      const text = JSON.stringify(body);
      const done = new Date();
      const finished = this.repo.complete(
        job.extraction_id,
        { status: 'succeeded', body: Buffer.from(text), error: null, pages: content.processing.pages, completed_at: done.toISOString(), expires_at: expiresAt(input.retention, done, true) },
        completionEvents(job.application_id, input.head.livemode, body, text, done),
      );
      if (finished) await this.dropDocument(job, input);
    } catch (err) {
      const e = isServiceError(err) ? err : new ServiceError('internal_error', { cause: err });
      if (TRANSIENT.has(e.code) && job.attempts < this.s.maxAttempts) {
        this.repo.retryJob(job.extraction_id, new Date(Date.now() + this.s.retryDelayMs).toISOString(), e.code);
        return;
      }
      await this.fail(job, input, e);
    }
  }

  private async fail(job: JobRecord, input: JobInput, e: ServiceError): Promise<void> {
    const error = { code: e.code, message: e.message };
    const body = failedObject(input.head, error);
    const text = JSON.stringify(body);
    const done = new Date();
    // Failed bodies (and their events) are kept 7 days at most, whatever the policy.
    const policyEnd = expiresAt(input.retention, done, true);
    const weekEnd = new Date(done.getTime() + 7 * 86_400_000).toISOString();
    const finished = this.repo.complete(
      job.extraction_id,
      { status: 'failed', body: Buffer.from(text), error: JSON.stringify(error), pages: null, completed_at: done.toISOString(), expires_at: policyEnd < weekEnd ? policyEnd : weekEnd },
      [eventFor('extraction.failed', job.application_id, input.head.livemode, job.extraction_id, text, done)],
    );
    if (finished) await this.dropDocument(job, input);
  }

  /** The stored document is needed only to read it; under zero retention it goes at once. */
  private async dropDocument(job: JobRecord, input: JobInput): Promise<void> {
    if (job.document_path && input.retention.retention === 'zero') await unlink(job.document_path).catch(() => undefined);
  }

}
