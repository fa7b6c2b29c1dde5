import type { OcrPage } from '../contracts/ocr.js';
import type { RgbImage } from '../contracts/raster.js';
import type { DocumentPage } from '../intake/document.js';
import { DEFAULT_PAGE_READ_OPTIONS, readPage, type OcrModels, type PageReadOptions } from './page-reader.js';

/** How far the reading of a document has got: reported before the first page and after each. */
export interface ReadProgress {
  pages_read: number;
  pages: number;
}

/**
 * Prepares a page image before it is read (photos: photo-normalize.ts). It must move no pixel:
 * boxes read from its result refer to the page as rendered.
 */
export type PagePreparer = (image: RgbImage) => RgbImage | Promise<RgbImage>;

/**
 * Text of every page of a document: a PDF page's own text layer when it has one (exact, no OCR),
 * otherwise the OCR models on the rendered page, after `prepare` when given. Pages are read one
 * after another, since the models already use every core for one page. Models are asked for only
 * when a page needs them, so a digital PDF reads even where OCR is unavailable.
 */
export async function readDocumentText(
  pages: readonly DocumentPage[],
  models: () => Promise<OcrModels>,
  opts: PageReadOptions = DEFAULT_PAGE_READ_OPTIONS,
  onProgress?: (progress: ReadProgress) => void,
  prepare?: PagePreparer,
): Promise<OcrPage[]> {
  const out: OcrPage[] = [];
  onProgress?.({ pages_read: 0, pages: pages.length });
  for (const page of pages) {
    if (page.textLines && page.textLines.length > 0) {
      out.push({ page: page.number, width: page.width, height: page.height, source: 'pdf_text', rotation: 0, lines: page.textLines });
    } else {
      const image = await page.render();
      out.push(await readPage(await models(), prepare ? await prepare(image) : image, page.number, opts));
    }
    onProgress?.({ pages_read: out.length, pages: pages.length });
  }
  return out;
}
