import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { ExtractionContent } from '../../../engine/src/contracts/extraction.js';
import type { ErrorCode } from '../../../engine/src/errors/error-catalogue.js';
import { ServiceError } from '../../../engine/src/errors/service-error.js';
import type { DocumentTypeVersion } from '../../../engine/src/extract/document-type.js';
import type { IntakeLimits } from '../../../engine/src/intake/document.js';
import type { VerificationEndpoint } from '../../../engine/src/extract/verify/chat-client.js';
import { Engine } from '../../../engine/src/node/engine.js';
import type { TextJob, TextJobResult } from './text-worker.js';

const MAX_TYPE_TEXTS = 500;

export type RunInput = { file: Uint8Array; declaredType?: string } | { clientOcr: unknown };

export interface RunOptions {
  mode: string;
  options: unknown;
  llm: 'enabled' | 'disabled';
  limits?: Partial<IntakeLimits>;
}

export interface RunnerSettings {
  verification: VerificationEndpoint | null;
  /** Threads extracting client_ocr lines; all cores by default. */
  textWorkers?: number;
  /** OCR worker threads (each holds its own models); one by default. */
  ocrWorkers?: number;
  modelRoot?: string;
}

/**
 * Runs extractions off the event loop: files through the engine's OCR pool, client_ocr lines
 * through a pool of text workers (they need no models, so one per core).
 */
export class ExtractionRunner {
  private readonly engine: Engine;
  private readonly text: Piscina;
  /**
   * Document type versions as JSON text by schema id (a published version never changes): a
   * job carries text, cheap to send where an object graph is copied piece by piece, and the
   * worker keeps the parsed version, so the engine's per-definition caches (compiled labels,
   * checks) hold from one job to the next.
   */
  private readonly typeTexts = new Map<string, string>();
  /** Whether verified mode has a language model to ask (else it is refused with `verification_disabled`). */
  readonly canVerify: boolean;

  constructor(settings: RunnerSettings) {
    this.canVerify = settings.verification != null;
    this.engine = new Engine({ verification: settings.verification, workers: settings.ocrWorkers ?? 1, modelRoot: settings.modelRoot });
    const n = settings.textWorkers ?? availableParallelism();
    this.text = new Piscina({
      filename: new URL('./text-worker-entry.mjs', import.meta.url).href,
      minThreads: n,
      maxThreads: n,
      workerData: { verification: settings.verification },
    });
  }

  async run(input: RunInput, type: DocumentTypeVersion, opts: RunOptions): Promise<ExtractionContent> {
    if ('clientOcr' in input) {
      const job: TextJob = { clientOcr: input.clientOcr, schemaId: type.schema_id, typeText: this.typeText(type), mode: opts.mode, options: opts.options, llm: opts.llm };
      const result = (await this.text.run(job)) as TextJobResult;
      if (!result.ok) throw new ServiceError(result.error.code as ErrorCode, { message: result.error.message, param: result.error.param, details: result.error.details });
      return result.content;
    }
    return this.engine.extract({ file: input.file, declaredType: input.declaredType }, type, { mode: opts.mode, options: opts.options, llm: opts.llm, limits: opts.limits });
  }

  private typeText(type: DocumentTypeVersion): string {
    let text = this.typeTexts.get(type.schema_id);
    if (text === undefined) {
      if (this.typeTexts.size >= MAX_TYPE_TEXTS) this.typeTexts.clear();
      this.typeTexts.set(type.schema_id, (text = JSON.stringify(type)));
    }
    return text;
  }

  async close(): Promise<void> {
    await Promise.all([this.engine.close(), this.text.destroy()]);
  }
}
