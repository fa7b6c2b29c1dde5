import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExtractionContent } from '../../../engine/src/contracts/extraction.js';
import { ServiceError } from '../../../engine/src/errors/service-error.js';
import type { DocumentTypeVersion } from '../../../engine/src/extract/document-type.js';
import { sniffMediaType } from '../../../engine/src/intake/sniff.js';
import { resolveLimits } from '../../../engine/src/intake/limits.js';
import { countPdfPages } from '../../../engine/src/intake/node/pdf-reader.js';
import { readRasterHeader } from '../../../engine/src/intake/node/raster-decoder.js';
import { requireCapabilities, type AuthContext } from '../auth/authenticate.js';
import type { Application } from '../db/repos/accounts.js';
import { isFinal, type EventRecord, type ExtractionRecord, type ExtractionsRepo, type IdempotencyClaim, type NewExtraction } from '../db/repos/extractions.js';
import type { DocumentTypeService } from '../doctypes/document-type-service.js';
import { withTimeout } from '../with-timeout.js';
import { expiresAt, IDEMPOTENCY_WINDOW_MS } from '../retention.js';
import { encodeKeptDocument, type KeptPage } from '../console/kept-document.js';
import { completionEvents } from './events.js';
import type { ExtractionRunner, RunInput } from './extraction-runner.js';
import { queuedObject, succeededObject, type ExtractionHead } from './extraction-object.js';
import { MAX_FILE_BYTES, type ExtractionRequest } from './parse-request.js';

/** Read while the caller waits: up to 10 MB and 3 PDF pages, within 90 seconds. */
const SYNC_MAX_BYTES = 10_000_000;
const SYNC_MAX_PDF_PAGES = 3;
const SYNC_TIMEOUT_MS = 90_000;
export const IDEMPOTENCY_KEY_MAX = 128;

/** What a queued job keeps to be run later, by any process that opens the data directory. */
export interface JobInput {
  kind: 'file' | 'client_ocr';
  declared_type?: string;
  client_ocr?: unknown;
  type: { key: string; version: number; schema_id: string };
  mode: string;
  options: Record<string, unknown>;
  llm: 'enabled' | 'disabled';
  limits: { maxFileBytes?: number; maxPages?: number };
  head: ExtractionHead;
  retention: Application['data_policy'];
}

export interface CreateOutcome {
  status: 200 | 202;
  /** The extraction object as UTF-8 JSON (made once: stored and sent as it is). */
  body: Buffer;
  id: string;
  /** True for an idempotent replay (not counted again). */
  replayed: boolean;
  pages: number;
  /** With `CreateOptions.withOcr`, a synchronous read's text lines per page (the playground shows them). */
  ocr?: KeptPage[];
}

export interface CreateOptions {
  /** Return the text lines read in the outcome, whatever the data policy keeps. */
  withOcr?: boolean;
}

/** Quota counters: per organization and per key, by UTC month (YYYY-MM). */
const monthOf = (d: Date) => d.toISOString().slice(0, 7);
const orgSubject = (organizationId: string) => `org:${organizationId}`;

/** Seconds from `now` to the start of the next UTC month (Retry-After of a quota refusal). */
export function secondsToNextMonth(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

export interface ExtractionServiceSettings {
  dataDir: string;
  syncTimeoutMs?: number;
  /** Wakes the queue when a job is added. */
  onQueued?: () => void;
}

/** Creating and reading extractions: the rules of `POST /v1/extractions` and `GET /v1/extractions/{id}`. */
export class ExtractionService {
  private readonly inFlight = new Map<string, Promise<CreateOutcome>>();
  private documentsDirMade = false;

  constructor(
    private readonly repo: ExtractionsRepo,
    private readonly types: DocumentTypeService,
    private readonly runner: ExtractionRunner,
    private readonly settings: ExtractionServiceSettings,
  ) {}

  /** Documents counted against the organization's quota in the UTC month of `now`. */
  organizationDocuments(organizationId: string, now: Date): number {
    return this.repo.monthlyDocuments(orgSubject(organizationId), monthOf(now));
  }

  /** The organization's file size limit, for reading the form. */
  static maxFileBytes(auth: AuthContext): number {
    return Math.min(MAX_FILE_BYTES, auth.organization.max_file_bytes ?? MAX_FILE_BYTES);
  }

  async create(auth: AuthContext, req: ExtractionRequest, requestId: string, idempotencyKey: string | undefined, opts: CreateOptions = {}): Promise<CreateOutcome> {
    requireCapabilities(auth, req.file ? ['documents.extract', 'documents.upload'] : ['documents.extract']);
    // parseExtractionRequest has checked the option's value already.
    if (req.options.tiling === 'adaptive') requireCapabilities(auth, ['adaptive_tiling']);
    const mode = req.mode ?? (auth.application.default_mode as ExtractionRequest['mode']) ?? 'standard';
    if (mode === 'verified') {
      requireCapabilities(auth, ['documents.verify']);
      if (auth.application.data_policy.llm === 'disabled') throw new ServiceError('verification_disabled');
      // Refused before anything is accepted, queued requests too: a queued one could only fail.
      if (!this.runner.canVerify) throw new ServiceError('verification_disabled', { message: 'Verified mode is not available because no language-model endpoint is configured.' });
    }
    const type = this.types.resolveForExtraction(auth, req.documentType, req.schemaVersion);

    if (idempotencyKey === undefined) return this.accept(auth, req, requestId, type, mode, opts);
    const now = new Date();
    const hash = requestHash(req, type, mode);
    // A claim whose request is not in flight here and stored nothing was cut by a crash (one
    // server process owns a data directory): the repository hands it to this request.
    const running = (id: string) => this.inFlight.has(id);
    const held = this.repo.claimIdempotency(auth.key.id, idempotencyKey, hash, requestId, now.toISOString(), new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString(), running);
    if (held) {
      if (held.request_hash !== hash) throw new ServiceError('idempotency_key_reused');
      return this.replay(auth, held.extraction_id);
    }
    // Put in flight before the next await, so a concurrent retry finds it running.
    const run = this.accept(auth, req, requestId, type, mode, opts, { credentialId: auth.key.id, key: idempotencyKey }).catch((err: unknown) => {
      // Nothing was created: free the key so a corrected retry can go ahead.
      this.repo.dropIdempotency(auth.key.id, idempotencyKey, requestId);
      throw err;
    });
    this.inFlight.set(requestId, run);
    try {
      return await run;
    } finally {
      this.inFlight.delete(requestId);
    }
  }

  /** `GET /v1/extractions/{id}`, only for the application that created it: the object as JSON. */
  get(auth: AuthContext, id: string): Buffer {
    requireCapabilities(auth, ['documents.extract']);
    const stored = this.repo.bodyOf(id);
    if (!stored || stored.application_id !== auth.application.id || stored.body === null) throw new ServiceError('extraction_not_found');
    const bytes = objectBytes(stored);
    // Zero retention: a queued result is handed out once, then deleted.
    if (isFinal(stored.status) && auth.application.data_policy.retention === 'zero') this.repo.purgeBody(id);
    return bytes;
  }

  private async replay(auth: AuthContext, extractionId: string): Promise<CreateOutcome> {
    const running = this.inFlight.get(extractionId);
    if (running) {
      const first = await running; // the same request, still being read: answer with its result
      return { ...first, replayed: true };
    }
    // The claim is finished: its extraction was stored, so a row or body missing now was purged.
    const stored = this.repo.bodyOf(extractionId);
    if (!stored || stored.application_id !== auth.application.id || stored.body === null) {
      throw new ServiceError('extraction_not_found', { message: 'The extraction this idempotency key created is no longer kept under the data policy.' });
    }
    return { status: isFinal(stored.status) ? 200 : 202, body: objectBytes(stored), id: extractionId, replayed: true, pages: 0 };
  }

  private async accept(auth: AuthContext, req: ExtractionRequest, id: string, type: DocumentTypeVersion, mode: string, opts: CreateOptions, claim?: IdempotencyClaim): Promise<CreateOutcome> {
    const now = new Date();
    const month = monthOf(now);
    const subjects = [
      { subject: orgSubject(auth.organization.id), limit: auth.organization.monthly_quota, code: 'quota_exceeded' as const },
      { subject: `key:${auth.key.id}`, limit: auth.key.monthly_quota, code: 'key_quota_exceeded' as const },
    ];
    const quotaRefusal = (full: number) => new ServiceError(subjects[full].code, { details: { retry_after: secondsToNextMonth(now) } });
    // Checked now so a request past its quota is refused before any work, and again when the
    // extraction is stored, where the document is counted.
    const full = this.repo.quotaReached(month, subjects);
    if (full >= 0) throw quotaRefusal(full);
    const store = async (row: NewExtraction, job: { input: string } | null, events: EventRecord[]) => {
      const stored = await this.repo.store(row, job, events, { month, subjects }, claim);
      if (stored >= 0) throw quotaRefusal(stored);
    };

    const head: ExtractionHead = { id, created_at: now.toISOString(), document_type: type.key, schema_version: type.version, schema_id: type.schema_id, mode, livemode: auth.livemode, metadata: req.metadata };
    const policy = auth.application.data_policy;
    const limits = { maxFileBytes: ExtractionService.maxFileBytes(auth), ...(auth.organization.max_pages ? { maxPages: auth.organization.max_pages } : {}) };
    // Counted before anything is accepted: a queued document over the limit could only fail
    // later, counted against the quotas. A read while waiting would refuse it the same way.
    const mediaType = req.file ? (sniffMediaType(req.file.bytes).mediaType ?? null) : null;
    const pages = req.file ? await countPages(req.file.bytes, mediaType) : null;
    if (pages !== null && pages > resolveLimits(limits).maxPages) throw new ServiceError('too_many_pages');
    if (req.async || tooLargeToWait(req, mediaType, pages)) {
      const input: JobInput = {
        kind: req.file ? 'file' : 'client_ocr',
        ...(req.file?.declaredType ? { declared_type: req.file.declaredType } : {}),
        ...(req.file ? {} : { client_ocr: req.clientOcr }),
        type: { key: type.key, version: type.version, schema_id: type.schema_id },
        mode,
        options: req.options,
        llm: policy.llm,
        limits,
        head,
        retention: policy,
      };
      let documentPath: string | null = null;
      if (req.file) {
        const dir = join(this.settings.dataDir, 'documents');
        await mkdir(dir, { recursive: true });
        documentPath = join(dir, id);
        await writeFile(documentPath, req.file.bytes, { flush: true });
      }
      const body = queuedObject(head);
      const bytes = Buffer.from(JSON.stringify(body));
      await store(this.row(auth, head, 'queued', bytes, documentPath, null, null), { input: JSON.stringify(input) }, []).catch(async (err: unknown) => {
        if (documentPath) await rm(documentPath, { force: true });
        throw err;
      });
      this.settings.onQueued?.();
      return { status: 202, body: bytes, id, replayed: false, pages: 0 };
    }
    const input: RunInput = req.file ? { file: req.file.bytes, declaredType: req.file.declaredType } : { clientOcr: req.clientOcr };
    // The console's review view shows the page and the text read on it: while the result is
    // kept, a file's lines are asked for and kept with the document, whether or not the caller
    // wants them. client_ocr lines from the API are not (no page image to show them on; writing
    // a file would cost the fast path a third of its rate), the playground's are.
    const keep = policy.retention !== 'zero' && (req.file !== null || opts.withOcr === true);
    const asked = req.options.include_ocr === true;
    const options = (keep || opts.withOcr) && !asked ? { ...req.options, include_ocr: true } : req.options;
    const read = await withTimeout(this.runner.run(input, type, { mode, options, llm: policy.llm, limits }), this.settings.syncTimeoutMs ?? SYNC_TIMEOUT_MS);
    const lines = read.ocr?.pages as KeptPage[] | undefined;
    const content = asked ? read : withoutOcr(read);
    const body = succeededObject(head, content);
    const done = new Date();
    const text = JSON.stringify(body);
    const bytes = Buffer.from(text);
    const documentPath = keep ? await this.keepDocument(id, req, lines ?? []) : null;
    await store(
      { ...this.row(auth, head, 'succeeded', policy.retention === 'zero' ? null : bytes, documentPath, content.processing.pages, done.toISOString()), expires_at: expiresAt(policy, done, false) },
      null,
      completionEvents(auth.application.id, auth.livemode, body, text),
    ).catch(async (err: unknown) => {
      if (documentPath) await rm(documentPath, { force: true });
      throw err;
    });
    return { status: 200, body: bytes, id, replayed: false, pages: content.processing.pages, ...(opts.withOcr ? { ocr: lines ?? [] } : {}) };
  }

  /**
   * Keeps a synchronous read's document and lines for the review view, under the data
   * directory, as long as the result (the retention sweep deletes the file with it). Not
   * flushed: losing it to a power cut loses only the page image, never the result.
   */
  private async keepDocument(id: string, req: ExtractionRequest, pages: KeptPage[]): Promise<string> {
    const dir = join(this.settings.dataDir, 'documents');
    if (!this.documentsDirMade) {
      await mkdir(dir, { recursive: true });
      this.documentsDirMade = true;
    }
    const path = join(dir, id);
    const header = { kind: req.file ? ('file' as const) : ('client_ocr' as const), ...(req.file?.declaredType ? { declared_type: req.file.declaredType } : {}), pages };
    await writeFile(path, encodeKeptDocument(header, req.file?.bytes ?? null));
    return path;
  }

  private row(auth: AuthContext, head: ExtractionHead, status: ExtractionRecord['status'], body: Buffer | null, documentPath: string | null, pages: number | null, completedAt: string | null) {
    return {
      id: head.id,
      organization_id: auth.organization.id,
      application_id: auth.application.id,
      key_id: auth.key.id,
      livemode: auth.livemode,
      status,
      document_type: head.document_type,
      schema_id: head.schema_id,
      mode: head.mode,
      metadata: head.metadata ? JSON.stringify(head.metadata) : null,
      body,
      pages,
      document_path: documentPath,
      created_at: head.created_at,
      completed_at: completedAt,
      expires_at: null,
    };
  }
}

/**
 * A stored extraction's public object as UTF-8 JSON. A finished one's stored body is that
 * already and is sent as it is; while queued or processing, the row's status wins over the
 * stored body's.
 */
function objectBytes(stored: Pick<ExtractionRecord, 'status' | 'body'>): Buffer {
  if (isFinal(stored.status)) return stored.body!;
  const body = JSON.parse(stored.body!.toString('utf8')) as Record<string, unknown>;
  return Buffer.from(JSON.stringify({ ...body, status: stored.status }));
}

/** Over 10 MB, or a PDF of more than 3 pages (`pages`, as counted): queued instead of read while the caller waits. */
function tooLargeToWait(req: ExtractionRequest, mediaType: string | null, pages: number | null): boolean {
  if (!req.file) return false;
  if (req.file.bytes.length > SYNC_MAX_BYTES) return true;
  return mediaType === 'application/pdf' && pages !== null && pages > SYNC_MAX_PDF_PAGES;
}

/**
 * Pages of a PDF or frames of a TIFF, counted without reading any page (the engine's own
 * helpers); null for other formats, or when the count cannot be read (the read then says why).
 */
async function countPages(bytes: Uint8Array, mediaType: string | null): Promise<number | null> {
  switch (mediaType) {
    case 'application/pdf':
      return countPdfPages(bytes);
    case 'image/tiff':
      return readRasterHeader(bytes).then(
        (header) => header.pages,
        () => null,
      );
    default:
      return null;
  }
}

/** The content without the text lines the caller did not ask for. */
function withoutOcr(content: ExtractionContent): ExtractionContent {
  const rest = { ...content };
  delete rest.ocr;
  return rest;
}

/** Same request, same hash: the document (or lines), type, version, mode, options, metadata and async flag. */
function requestHash(req: ExtractionRequest, type: DocumentTypeVersion, mode: string): string {
  const h = createHash('sha256');
  h.update(JSON.stringify({ type: type.key, version: req.schemaVersion ?? null, mode, options: req.options, metadata: req.metadata, async: req.async, declared: req.file?.declaredType ?? null }));
  if (req.file) h.update(req.file.bytes);
  else h.update(JSON.stringify(req.clientOcr));
  return h.digest('hex');
}
