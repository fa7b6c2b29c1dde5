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
      const job: TextJob = { clientOcr: input.clientOcr, type, mode: opts.mode, options: opts.options, llm: opts.llm };
      const result = (await this.text.run(job)) as TextJobResult;
      if (!result.ok) throw new ServiceError(result.error.code as ErrorCode, { message: result.error.message, param: result.error.param, details: result.error.details });
      return result.content;
    }
    return this.engine.extract({ file: input.file, declaredType: input.declaredType }, type, { mode: opts.mode, options: opts.options, llm: opts.llm, limits: opts.limits });
  }

  async close(): Promise<void> {
    await Promise.all([this.engine.close(), this.text.destroy()]);
  }
}
