import type { FieldDefinition } from '../../../engine/src/contracts/definition.js';
import type { FieldResult } from '../../../engine/src/contracts/extraction.js';
import { ServiceError } from '../../../engine/src/errors/service-error.js';
import type { Services } from '../app.js';
import type { Application } from '../db/repos/accounts.js';
import { CorrectionsRepo, type Correction } from '../db/repos/corrections.js';
import { isFinal, type ExtractionRecord } from '../db/repos/extractions.js';
import { invalidParameter } from '../http/invalid-parameter.js';
import { isoNow, newId } from '../ids.js';
import { applyCorrection, parseFieldPath } from './apply-correction.js';

/** Who corrects: a console user, or an API credential (with the name its client gave). */
export interface CorrectionAuthor {
  /** User id, or the key id for the API. */
  id: string;
  /** Shown as `by`: the person's email, or the name the API client sent. */
  name: string;
  /** The audit log's actor. */
  auditActor: string;
}

export interface WrittenCorrection {
  correction: Correction;
  field: FieldResult;
  /** True when the field already held this corrected value: nothing was written (a resend). */
  unchanged: boolean;
}

/**
 * One correction of one field of a stored result, for the console's review view and for
 * `POST /v1/extractions/{id}/corrections`: the stored result is rewritten (reads answer it from
 * then on), the correction recorded with who and when, and audited, in one transaction. Sending
 * the same corrected value again changes nothing and answers the correction already made, so a
 * client that resends after losing the answer (the desktop app's outbox) records it once.
 */
export class CorrectionWriter {
  readonly corrections: CorrectionsRepo;

  constructor(private readonly services: Services) {
    this.corrections = new CorrectionsRepo(services.db);
  }

  write(application: Application, id: string, body: unknown, author: CorrectionAuthor): WrittenCorrection {
    const b = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
    const { path, parts } = parseFieldPath(b.field);
    if (!Object.hasOwn(b, 'value')) throw invalidParameter('value', 'is required (null clears the value)');
    const { db, extractionsRepo, accounts } = this.services;
    return db
      .transaction(() => {
        const record = this.stored(application, id);
        const object = JSON.parse(record.body!.toString('utf8')) as Record<string, unknown>;
        if (!isFinal(record.status)) throw new ServiceError('field_not_found', { param: 'field', message: 'The extraction has no result yet.' });
        const before = JSON.stringify(object);
        const applied = applyCorrection(object as Parameters<typeof applyCorrection>[0], parts, b.value, this.definition(application, object));
        const earlier = JSON.stringify(object) === before ? this.corrections.of(record.id).filter((c) => c.field === path).at(-1) : undefined;
        if (earlier) return { correction: earlier, field: applied.result, unchanged: true };
        const correction: Correction = { id: newId('cor_'), extraction_id: record.id, field: path, previous_value: applied.previous, value: applied.value, user_id: author.id, email: author.name, created_at: isoNow() };
        this.corrections.add(correction);
        extractionsRepo.replaceBody(record.id, Buffer.from(JSON.stringify(object)));
        accounts.audit(application.organization_id, author.auditActor, 'extraction.corrected', record.id, { application_id: application.id, field: path, correction_id: correction.id });
        return { correction, field: applied.result, unchanged: false };
      })
      .immediate();
  }

  /** The application's extraction with its result still kept, else `extraction_not_found` (as GET answers). */
  stored(application: Application, id: string): ExtractionRecord {
    const record = this.services.extractionsRepo.extraction(id);
    if (!record || record.application_id !== application.id || record.body === null) throw new ServiceError('extraction_not_found');
    return record;
  }

  /** The definition of the version that read the result, to judge a corrected value by (null when it is gone). */
  private definition(application: Application, object: Record<string, unknown>): Record<string, FieldDefinition> | null {
    const key = object.document_type;
    const version = object.schema_version;
    if (typeof key !== 'string' || typeof version !== 'number') return null;
    try {
      return this.services.documentTypes.versionForJob(application.organization_id, key, version).definition.fields;
    } catch {
      return null;
    }
  }
}
