import type { OcrLine } from '../../contracts/ocr.js';
import type { RgbImage } from '../../contracts/raster.js';
import type { ErrorCode } from '../../errors/error-catalogue.js';
import type { EmbeddedXmlFile, IntakeLimits } from '../document.js';

/** What the host asks of the PDF reader's process; `doc` names an open document, `id` the request. */
export type PdfReaderRequest =
  | { type: 'open'; id: number; doc: number; bytes: Uint8Array; limits: IntakeLimits; timeoutMs: number }
  | { type: 'render'; id: number; doc: number; page: number }
  | { type: 'close'; id: number; doc: number };

export interface OpenedPdfData {
  pages: { number: number; width: number; height: number; textLines?: OcrLine[] }[];
  embeddedXml: EmbeddedXmlFile[];
  embeddedXmlUnreadable: boolean;
}

/** Answers (errors as data, rebuilt as ServiceErrors by the host), and the process's heartbeat. */
export type PdfReaderReply =
  | { type: 'beat' }
  | { type: 'result'; id: number; ok: true; value: OpenedPdfData | RgbImage | null }
  | { type: 'result'; id: number; ok: false; error: { code: ErrorCode; message: string; details?: Record<string, unknown> } };
