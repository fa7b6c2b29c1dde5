import { MessageChannel, type Transferable } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { OcrPage } from '../contracts/ocr.js';
import { ServiceError } from '../errors/service-error.js';
import type { EmbeddedXmlFile } from '../intake/document.js';
import type { ReadProgress } from '../ocr/document-reader.js';
import type { OcrJob, OcrJobResult, OcrWorkerData } from './ocr-job.js';

export interface OcrPoolOptions extends OcrWorkerData {
  /** Worker threads; each holds its own models. One is right for a 2-core machine. */
  workers?: number;
  /** A worker left idle this long exits and frees its models (ms); 0 keeps workers forever. */
  idleTimeoutMs?: number;
}

export interface DocumentText {
  mediaType: string;
  pages: OcrPage[];
  warnings: string[];
  /** XML files embedded in a PDF (ZUGFeRD / Factur-X / XRechnung invoices...); absent for images and PDFs without any. */
  embeddedXml?: EmbeddedXmlFile[];
  /** True when a PDF's embedded files could not be read: the caller may warn `embedded_data_unreadable`. */
  embeddedXmlUnreadable?: boolean;
}

/**
 * Reads documents off the calling thread: intake and OCR run in worker threads, so a server's
 * event loop (or Electron's main process) stays responsive while a page is read.
 */
export class OcrPool {
  private readonly pool: Piscina;

  constructor(options: OcrPoolOptions = {}) {
    const workers = options.workers ?? 1;
    this.pool = new Piscina({
      filename: new URL('./ocr-worker-entry.mjs', import.meta.url).href,
      minThreads: workers,
      maxThreads: workers,
      idleTimeout: options.idleTimeoutMs ?? 0,
      workerData: { threads: options.threads, modelRoot: options.modelRoot, pageOptions: options.pageOptions, recognizer: options.recognizer } satisfies OcrWorkerData,
    });
  }

  /** Load the models now rather than with the first document; throws `ocr_unavailable`. */
  async warmUp(): Promise<void> {
    unwrap((await this.pool.run(null, { name: 'warmUp' })) as OcrJobResult);
  }

  /** Read a document's text; throws a ServiceError with the document's code when it cannot. */
  async read(job: Omit<OcrJob, 'progress'>, onProgress?: (progress: ReadProgress) => void): Promise<DocumentText> {
    // Hand the worker its own copy so the transfer cannot detach memory the caller still uses
    // (a Node Buffer's slice() would be a view, not a copy).
    const bytes = new Uint8Array(job.bytes);
    const channel = onProgress ? new MessageChannel() : null;
    let last: ReadProgress | null = null;
    channel?.port1.on('message', (p: ReadProgress) => ((last = p), onProgress!(p)));
    let result: OcrJobResult;
    try {
      const transferList: Transferable[] = channel ? [bytes.buffer, channel.port2] : [bytes.buffer];
      result = (await this.pool.run({ ...job, bytes, progress: channel?.port2 }, { transferList: transferList as never })) as OcrJobResult;
    } finally {
      channel?.port1.close();
    }
    const { mediaType, pages, warnings, embeddedXml, embeddedXmlUnreadable } = unwrap(result) as Extract<OcrJobResult, { ok: true }>;
    // The worker's last message can still be on its way when the result arrives: the caller
    // always hears of the finished document.
    if (onProgress && (last as ReadProgress | null)?.pages_read !== pages.length) onProgress({ pages_read: pages.length, pages: pages.length });
    const text: DocumentText = { mediaType, pages, warnings };
    if (embeddedXml?.length) text.embeddedXml = embeddedXml;
    if (embeddedXmlUnreadable) text.embeddedXmlUnreadable = true;
    return text;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}

function unwrap(result: OcrJobResult | { ok: true }): DocumentText | { ok: true } {
  if (!result.ok) {
    const { code, message, param, details } = result.error;
    throw new ServiceError(code, { message, param, details });
  }
  return result;
}
