import type { FieldResult } from '../../../engine/src/contracts/extraction.js';
import { ServiceError } from '../../../engine/src/errors/service-error.js';
import type { Services } from '../app.js';
import type { Application } from '../db/repos/accounts.js';
import type { CorrectionsRepo, Correction } from '../db/repos/corrections.js';
import { isFinal, type ConsoleListFilter, type ConsoleListRow, type ExtractionRecord, type ExtractionStatus } from '../db/repos/extractions.js';
import { invalidParameter } from '../http/invalid-parameter.js';
import { CorrectionWriter } from '../extraction/correction-writer.js';
import type { OrgAccess } from './console-context.js';
import { PageImages, type PageImage, type ReviewTextPage } from './page-images.js';

const STATUSES: readonly ExtractionStatus[] = ['queued', 'processing', 'succeeded', 'failed'];
const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;

/** `GET .../extractions/:id`: the result as the API answers it, its corrections, pages and text lines. */
export interface ReviewData {
  extraction: Record<string, unknown>;
  corrections: ReturnType<typeof correctionObject>[];
  pages: { number: number; width: number | null; height: number | null; image_url: string | null }[];
  ocr: { pages: ReviewTextPage[] } | null;
}

export const correctionObject = (c: Correction) => ({ id: c.id, field: c.field, previous_value: c.previous_value, value: c.value, by: c.email, created_at: c.created_at });

/**
 * The console's extractions: the list, the review view (result, corrections, pages, text
 * lines), page images and corrections. Results are opened only while the application's data
 * policy keeps them (`zero_retention` otherwise), and only the application's own
 * (`extraction_not_found` for another's, as the API answers).
 */
export class ReviewService {
  readonly corrections: CorrectionsRepo;
  readonly images = new PageImages();
  private readonly writer: CorrectionWriter;

  constructor(private readonly services: Services) {
    this.writer = new CorrectionWriter(services);
    this.corrections = this.writer.corrections;
  }

  list(application: Application, query: Record<string, unknown>): { data: ReturnType<typeof listObject>[]; next_cursor: string | null } {
    const filter = parseListQuery(query);
    const rows = this.services.extractionsRepo.consoleList(application.id, { ...filter, limit: filter.limit + 1 });
    const page = rows.slice(0, filter.limit);
    const last = page[page.length - 1];
    return { data: page.map(listObject), next_cursor: rows.length > filter.limit && last ? encodeCursor(last) : null };
  }

  async detail(access: OrgAccess, application: Application, id: string): Promise<ReviewData> {
    const record = this.openable(application, id);
    const extraction = objectOf(record);
    const { pages, ocr } = await this.images.describe(record, extraction as { ocr?: { pages?: unknown[] } });
    const base = `/console/api/organizations/${access.organization.id}/applications/${application.id}/extractions/${record.id}/pages`;
    return {
      extraction,
      corrections: this.corrections.of(record.id).map(correctionObject),
      pages: pages.map((p) => ({ number: p.number, width: p.width, height: p.height, image_url: p.has_image ? `${base}/${p.number}` : null })),
      ocr: ocr ? { pages: ocr } : null,
    };
  }

  /** Page `page` of the kept document; `extraction_not_found` with param `page` when there is no such page or no image of it. */
  async pageImage(application: Application, id: string, page: string): Promise<PageImage> {
    const record = this.openable(application, id);
    const n = /^[1-9]\d{0,3}$/.test(page) ? Number(page) : 0;
    const image = n > 0 ? await this.images.image(record, n) : null;
    if (!image) throw new ServiceError('extraction_not_found', { param: 'page', message: 'The extraction has no image of this page: no such page, or its document is not kept.' });
    return image;
  }

  /** A person's value for one field (see CorrectionWriter); the console refuses under zero retention. */
  correct(access: OrgAccess, application: Application, id: string, body: unknown): { correction: ReturnType<typeof correctionObject>; field: FieldResult } {
    if (application.data_policy.retention === 'zero') throw new ServiceError('zero_retention');
    const written = this.writer.write(application, id, body, { id: access.user.id, name: access.user.email, auditActor: access.user.email });
    return { correction: correctionObject(written.correction), field: written.field };
  }

  /** The application's extraction with its result still kept, else the codes of the review view. */
  private openable(application: Application, id: string): ExtractionRecord {
    if (application.data_policy.retention === 'zero') throw new ServiceError('zero_retention');
    const record = this.services.extractionsRepo.extraction(id);
    if (!record || record.application_id !== application.id || record.body === null) throw new ServiceError('extraction_not_found');
    return record;
  }
}

/** The stored object, with the row's status while queued or processing (as the API answers it). */
function objectOf(record: ExtractionRecord): Record<string, unknown> {
  const object = JSON.parse(record.body!.toString('utf8')) as Record<string, unknown>;
  return isFinal(record.status) ? object : { ...object, status: record.status };
}

function listObject(r: ConsoleListRow) {
  return {
    id: r.id,
    status: r.status,
    document_type: r.document_type,
    schema_version: r.schema_version,
    mode: r.mode,
    created_at: r.created_at,
    completed_at: r.completed_at,
    review_required: r.review_required,
    corrected: r.corrected,
    pages: r.pages,
    livemode: r.livemode,
    error_code: r.error_code,
  };
}

function encodeCursor(r: ConsoleListRow): string {
  return Buffer.from(JSON.stringify([r.created_at, r.id])).toString('base64url');
}

/** The list's query: each filter checked, `invalid_parameters` naming the first one wrong. */
function parseListQuery(query: Record<string, unknown>): Omit<ConsoleListFilter, 'limit'> & { limit: number } {
  const one = (name: string): string | undefined => {
    const v = query[name];
    if (v === undefined || v === '') return undefined;
    if (typeof v !== 'string') throw invalidParameter(name, 'must be given once');
    return v;
  };
  const filter: ConsoleListFilter = { limit: DEFAULT_LIMIT };
  const status = one('status');
  if (status !== undefined) {
    if (!(STATUSES as readonly string[]).includes(status)) throw invalidParameter('status', `must be one of ${STATUSES.join(', ')}`);
    filter.status = status as ExtractionStatus;
  }
  const type = one('document_type');
  if (type !== undefined) {
    if (type.length > 64) throw invalidParameter('document_type', 'must be a document type key');
    filter.documentType = type;
  }
  for (const [name, set] of [
    ['review_required', (v: boolean) => (filter.reviewRequired = v)],
    ['livemode', (v: boolean) => (filter.livemode = v)],
  ] as const) {
    const v = one(name);
    if (v === undefined) continue;
    if (v !== 'true' && v !== 'false') throw invalidParameter(name, 'must be true or false');
    set(v === 'true');
  }
  for (const name of ['from', 'to'] as const) {
    const v = one(name);
    if (v === undefined) continue;
    const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/.exec(v);
    // Times without a zone are UTC, as the answers' times are.
    const t = m ? Date.parse(m[2] ? `${m[1]}T${m[2]}${m[3] ?? 'Z'}` : `${m[1]}T00:00:00Z`) : NaN;
    if (Number.isNaN(t)) throw invalidParameter(name, 'must be a date (YYYY-MM-DD) or a date and time in ISO 8601');
    // A day alone as `to` includes that day.
    filter[name] = new Date(name === 'to' && m && !m[2] ? t + 86_400_000 : t).toISOString();
  }
  const limit = one('limit');
  if (limit !== undefined) {
    if (!/^\d{1,4}$/.test(limit) || Number(limit) < 1 || Number(limit) > MAX_LIMIT) throw invalidParameter('limit', `must be a whole number from 1 to ${MAX_LIMIT}`);
    filter.limit = Number(limit);
  }
  const cursor = one('cursor');
  if (cursor !== undefined) filter.before = decodeCursor(cursor);
  return filter;
}

function decodeCursor(cursor: string): { created_at: string; id: string } {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string' && !Number.isNaN(Date.parse(v[0]))) return { created_at: v[0], id: v[1] };
  } catch {
    // answered below
  }
  throw invalidParameter('cursor', 'must be a next_cursor of an earlier answer');
}
