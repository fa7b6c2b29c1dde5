import { createCanvas } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocumentLoadingTask, PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { OcrLine } from '../../contracts/ocr.js';
import type { RgbImage } from '../../contracts/raster.js';
import { ServiceError, isServiceError } from '../../errors/service-error.js';
import type { DocumentPage, EmbeddedXmlFile, IntakeLimits } from '../document.js';
import { xmlAttachments, type PdfAttachment } from '../embedded-files.js';
import { pdfRenderScale } from '../limits.js';
import { assertPdfContentWithinLimits } from './pdf-content-limits.js';
import { groupTextLines, type PdfFontStyle, type PdfTextItem } from '../pdf-text.js';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

/** Each pdf.js operation (open, page, text, render, embedded files) gets this long before `unreadable_pdf`. */
export const DEFAULT_PDF_OPERATION_TIMEOUT_MS = 20_000;

let pdfjsModule: Promise<{ pdfjs: PdfJs; assets: string }> | undefined;

/**
 * pdf.js (legacy build, for Node) loaded once. Its worker code runs in this thread (`pdfjsWorker`
 * on globalThis is pdf.js's own hook for that), so no worker file needs to be found at run time.
 */
function loadPdfJs(): Promise<{ pdfjs: PdfJs; assets: string }> {
  pdfjsModule ??= (async () => {
    const [pdfjs, worker] = await Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('pdfjs-dist/legacy/build/pdf.worker.mjs')]);
    const scope = globalThis as { pdfjsWorker?: unknown };
    scope.pdfjsWorker ??= worker;
    const assets = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
    return { pdfjs, assets };
  })();
  pdfjsModule.catch(() => {
    pdfjsModule = undefined;
  });
  return pdfjsModule;
}

export interface PdfReadOptions {
  limits: IntakeLimits;
  timeoutMs: number;
}

export interface OpenedPdf {
  pages: DocumentPage[];
  /** The XML files embedded in the PDF (`xmlAttachments`): at most 10, each at most 5 MB. */
  embeddedXml: EmbeddedXmlFile[];
  /**
   * True when the embedded files could not be read (damaged, over the time limit) or an XML
   * file among them was over the size limit. The document itself is read all the same.
   */
  embeddedXmlUnreadable: boolean;
  close(): Promise<void>;
}

/**
 * A PDF's page count only (no page is prepared), for a caller deciding how to schedule the
 * document; null when the PDF cannot be opened (the full read then reports why).
 */
export async function countPdfPages(bytes: Uint8Array, timeoutMs = DEFAULT_PDF_OPERATION_TIMEOUT_MS): Promise<number | null> {
  try {
    const { pdfjs } = await loadPdfJs();
    const task = pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, enableXfa: false, verbosity: pdfjs.VerbosityLevel.ERRORS });
    try {
      return (await withTimeout(task.promise, timeoutMs)).numPages;
    } finally {
      await task.destroy();
    }
  } catch {
    return null;
  }
}

/**
 * Opens a PDF with pdf.js and prepares its pages: sizes at the render scale and the text layer,
 * read eagerly (a page that cannot be read is `unreadable_pdf` now, not later); rasters lazily.
 *
 * Timeouts: each pdf.js call is raced against `timeoutMs`. pdf.js runs in this thread, so this
 * bounds waiting on its asynchronous steps; a synchronous loop inside the parser could not be
 * interrupted from here (pdf.js guards its own page-tree walks against cycles). `readDocument`
 * therefore calls this in a process of its own (isolated-pdf-reader.ts), which it stops when a
 * step overruns. Before any page is parsed, its content is measured (pdf-content-limits.ts).
 */
export async function openPdf(bytes: Uint8Array, options: PdfReadOptions): Promise<OpenedPdf> {
  const { limits, timeoutMs } = options;
  let loaded: { pdfjs: PdfJs; assets: string };
  try {
    loaded = await loadPdfJs();
  } catch (cause) {
    throw new ServiceError('unreadable_pdf', { cause, message: 'The PDF reader could not be loaded.' });
  }
  const { pdfjs, assets } = loaded;

  const task: PDFDocumentLoadingTask = pdfjs.getDocument({
    // A copy: pdf.js may take over (detach) the buffer it is given.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    standardFontDataUrl: `${assets}${path.sep}standard_fonts${path.sep}`,
    cMapUrl: `${assets}${path.sep}cmaps${path.sep}`,
    cMapPacked: true,
    wasmUrl: `${assets}${path.sep}wasm${path.sep}`,
    iccUrl: `${assets}${path.sep}iccs${path.sep}`,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });

  let doc: PDFDocumentProxy | undefined;
  try {
    doc = await withTimeout(task.promise, timeoutMs);
    const count = doc.numPages;
    if (!Number.isInteger(count) || count < 0) throw new ServiceError('unreadable_pdf');
    if (count === 0) throw new ServiceError('empty_pdf');
    if (count > limits.maxPages) throw new ServiceError('too_many_pages');
    // Before pdf.js parses any page: its operator lists grow with the content, unbounded.
    await withTimeout(assertPdfContentWithinLimits(bytes, limits.maxPages), timeoutMs);

    const pages: DocumentPage[] = [];
    let closed = false;
    for (let number = 1; number <= count; number++) {
      const page = await withTimeout(doc.getPage(number), timeoutMs);
      pages.push(await preparePage(page, number, { pdfjs, limits, timeoutMs, isClosed: () => closed }));
    }
    const attachments = await readXmlAttachments(doc, timeoutMs);
    const opened = doc;
    return {
      pages,
      embeddedXml: attachments.files,
      embeddedXmlUnreadable: attachments.unreadable,
      close: async () => {
        if (closed) return;
        closed = true;
        await opened.destroy().catch(() => undefined);
      },
    };
  } catch (error) {
    await (doc ? doc.destroy() : task.destroy()).catch(() => undefined);
    throw asPdfError(error);
  }
}

/**
 * The document's embedded files (the catalog's `/EmbeddedFiles` name tree) that are XML. A
 * failure here never fails the document: it reports no files and `unreadable`.
 */
async function readXmlAttachments(doc: PDFDocumentProxy, timeoutMs: number): Promise<{ files: EmbeddedXmlFile[]; unreadable: boolean }> {
  try {
    const attachments = (await withTimeout(doc.getAttachments(), timeoutMs)) as Record<string, PdfAttachment> | null;
    const { files, skipped } = xmlAttachments(attachments);
    return { files, unreadable: skipped };
  } catch {
    return { files: [], unreadable: true };
  }
}

interface PageContext {
  pdfjs: PdfJs;
  limits: IntakeLimits;
  timeoutMs: number;
  isClosed(): boolean;
}

async function preparePage(page: PDFPageProxy, number: number, context: PageContext): Promise<DocumentPage> {
  const { pdfjs, limits, timeoutMs } = context;
  const base = page.getViewport({ scale: 1 });
  const scale = pdfRenderScale(base.width, base.height, limits);
  if (scale === undefined) throw new ServiceError('unreadable_pdf');
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.round(viewport.width));
  const height = Math.max(1, Math.round(viewport.height));

  const content = await withTimeout(page.getTextContent(), timeoutMs);
  const items: PdfTextItem[] = [];
  for (const item of content.items) {
    if ('str' in item) items.push({ str: item.str, transform: item.transform, width: item.width, height: item.height, fontName: item.fontName });
  }
  const styles = content.styles as Record<string, PdfFontStyle>;
  const lines: OcrLine[] = groupTextLines(items, styles, { transform: viewport.transform, width: viewport.width, height: viewport.height });

  const render = async (): Promise<RgbImage> => {
    if (context.isClosed()) throw new ServiceError('unreadable_pdf', { message: 'The document was closed before the page was rendered.' });
    try {
      const canvas = createCanvas(width, height);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, width, height);
      const task = page.render({
        canvas: null,
        // @napi-rs/canvas implements the 2D context pdf.js draws on.
        canvasContext: ctx as never,
        viewport,
        // Form fields (and other annotations) are not drawn: the page's own content only.
        annotationMode: pdfjs.AnnotationMode.DISABLE,
        intent: 'display',
      });
      // pdf.js continues a render on microtasks, which would starve the timer below; each slice
      // (about 15 ms of drawing) now yields to the event loop, so the time limit holds.
      task.onContinue = (next: () => void) => void setImmediate(next);
      await withTimeout(task.promise, timeoutMs, () => task.cancel());
      // The page's decoded images are dropped now, not kept until the document closes (a scanned
      // page's are a hundred megabytes or more; a later render decodes them again).
      page.cleanup();
      const rgba = ctx.getImageData(0, 0, width, height).data;
      const data = new Uint8Array(width * height * 3);
      for (let from = 0, to = 0; to < data.length; from += 4, to += 3) {
        data[to] = rgba[from];
        data[to + 1] = rgba[from + 1];
        data[to + 2] = rgba[from + 2];
      }
      return { width, height, data };
    } catch (error) {
      throw asPdfError(error);
    }
  };

  return { number, width, height, textLines: lines.length > 0 ? lines : undefined, render };
}

function asPdfError(error: unknown): ServiceError {
  if (isServiceError(error)) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') return new ServiceError('pdf_encrypted', { cause: error });
  return new ServiceError('unreadable_pdf', { cause: error });
}

/** Races `promise` against a timer; on timeout calls `onTimeout` (to cancel the work) and throws `unreadable_pdf`. */
async function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout?: () => void): Promise<T> {
  // No time at all is over the limit at once: a zero-delay timer could lose the race to work
  // that pdf.js has already done, and a limit must not depend on that.
  if (ms <= 0) {
    promise.catch(() => undefined);
    try {
      onTimeout?.();
    } catch {
      // cancelling is best effort
    }
    throw new ServiceError('unreadable_pdf', { message: 'The PDF took too long to read.' });
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Rejected first: cancelling rejects `promise` too, and the race must report the timeout.
      reject(new ServiceError('unreadable_pdf', { message: 'The PDF took too long to read.' }));
      try {
        onTimeout?.();
      } catch {
        // cancelling is best effort
      }
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
