import { isServiceError, ServiceError } from '../../errors/service-error.js';
import { openPdf, type OpenedPdf } from './pdf-reader.js';
import type { PdfReaderReply, PdfReaderRequest } from './pdf-reader-protocol.js';

/**
 * The PDF reader's process (see isolated-pdf-reader.ts): pdf.js opens, reads and renders here,
 * so a document that overruns the memory or time allowed ends this process, not its host.
 */
const docs = new Map<number, OpenedPdf>();

function send(message: PdfReaderReply): void {
  process.send?.(message);
}

// The host stops this process when these beats stop: pdf.js then runs on without yielding.
setInterval(() => send({ type: 'beat' }), 250).unref();

process.on('message', (request: PdfReaderRequest) => void handle(request));
// The host went away: nothing is left to read for.
process.on('disconnect', () => process.exit(0));

async function handle(request: PdfReaderRequest): Promise<void> {
  try {
    if (request.type === 'open') {
      const pdf = await openPdf(request.bytes, { limits: request.limits, timeoutMs: request.timeoutMs });
      docs.set(request.doc, pdf);
      const pages = pdf.pages.map(({ number, width, height, textLines }) => ({ number, width, height, textLines }));
      send({ type: 'result', id: request.id, ok: true, value: { pages, embeddedXml: pdf.embeddedXml, embeddedXmlUnreadable: pdf.embeddedXmlUnreadable } });
    } else if (request.type === 'render') {
      const page = docs.get(request.doc)?.pages[request.page - 1];
      if (!page) throw new ServiceError('unreadable_pdf', { message: 'The document was closed before the page was rendered.' });
      send({ type: 'result', id: request.id, ok: true, value: await page.render() });
    } else {
      const pdf = docs.get(request.doc);
      docs.delete(request.doc);
      await pdf?.close();
      send({ type: 'result', id: request.id, ok: true, value: null });
    }
  } catch (err) {
    const e = isServiceError(err) ? err : new ServiceError('unreadable_pdf', { cause: err });
    send({ type: 'result', id: request.id, ok: false, error: { code: e.code, message: e.message, details: e.details } });
  }
}
