import type { MessagePort } from 'node:worker_threads';
import type { TilingMode } from '../contracts/extraction.js';
import type { OcrPage } from '../contracts/ocr.js';
import type { ErrorCode } from '../errors/error-catalogue.js';
import type { EmbeddedXmlFile, IntakeLimits } from '../intake/document.js';
import type { PageReadOptions } from '../ocr/page-reader.js';
import type { RecognizerName } from '../../../models/src/manifest.js';

/** What the OCR worker is asked to do: read one document's bytes. */
export interface OcrJob {
  bytes: Uint8Array;
  declaredType?: string;
  limits?: Partial<IntakeLimits>;
  /** Fast mode's page settings (FAST_PAGE_READ_OPTIONS) instead of the worker's own. */
  fast?: boolean;
  /** `options.tiling` of the request; the page settings' own (`auto` by default) when absent. */
  tiling?: TilingMode;
  /** Where the worker posts a ReadProgress before the first page and after each (transferred). */
  progress?: MessagePort;
}

/** Settings each worker starts with. */
export interface OcrWorkerData {
  /** Threads for one model run; onnxruntime's default (all cores) when absent. */
  threads?: number;
  /** Folder holding model packages by name, instead of node_modules. */
  modelRoot?: string;
  /** Page reading settings (detection scale, tiling, recognition); the engine's defaults otherwise. */
  pageOptions?: PageReadOptions;
  /** Which shipped recogniser reads lines; the manifest's default otherwise. */
  recognizer?: RecognizerName;
}

/** Errors cross the thread boundary as data and become ServiceErrors again on the caller's side. */
export type OcrJobResult =
  | {
      ok: true;
      mediaType: string;
      pages: OcrPage[];
      warnings: string[];
      /** XML files embedded in a PDF (e-invoices); absent for images and PDFs without any. */
      embeddedXml?: EmbeddedXmlFile[];
      /** A PDF's embedded files could not be read; the pages were read all the same. */
      embeddedXmlUnreadable?: boolean;
    }
  | { ok: false; error: { code: ErrorCode; message: string; param?: string; details?: Record<string, unknown> } };
