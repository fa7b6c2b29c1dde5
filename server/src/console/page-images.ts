import { readFile } from 'node:fs/promises';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import type { OcrLine } from '../../../engine/src/contracts/ocr.js';
import type { IntakeResult } from '../../../engine/src/intake/document.js';
import { readDocument } from '../../../engine/src/intake/node/read-document.js';
import { decodeKeptDocument, type KeptDocument, type KeptPage } from './kept-document.js';

/** Page images are made to fit the screen: at most this many pixels a side. */
export const MAX_IMAGE_SIDE = 2000;
/** Images made are kept in memory up to this many bytes: a reviewer goes back and forth between pages. */
const IMAGE_CACHE_BYTES = 64 * 1024 * 1024;

/** A page of the review view; `width` and `height` are those of the image served (or of the page read, without one). */
export interface ReviewPage {
  number: number;
  width: number | null;
  height: number | null;
  has_image: boolean;
}

/** A page's text lines with their boxes (fractions of the page, origin top-left), for clicking text on the image. */
export interface ReviewTextPage {
  number: number;
  width: number;
  height: number;
  source: string;
  lines: OcrLine[];
}

export interface PageImage {
  type: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

/** Where the review data of one extraction comes from. */
export interface KeptSource {
  id: string;
  document_path: string | null;
  pages: number | null;
}

/** The size of a `width` x `height` page once fitted into MAX_IMAGE_SIDE (never enlarged). */
export function fitted(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MAX_IMAGE_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Pages and page images of kept documents (server/src/console/kept-document.ts): a
 * synchronous read's file holds its text lines and the document; a queued one's the document
 * alone, whose pages (and a PDF's text layer) are read through the engine's intake. Images:
 * PDF pages rendered by intake, photos decoded upright by it, both scaled to fit 2000 px and
 * encoded as PNG (JPEG for photos from JPEG, WebP or HEIC files).
 */
export class PageImages {
  private readonly images = new LRUCache<string, PageImage>({ maxSize: IMAGE_CACHE_BYTES, sizeCalculation: (v) => v.bytes.length });

  /** The pages and text lines of an extraction; `ocr` from its stored object when the caller asked for it (`include_ocr`). */
  async describe(source: KeptSource, stored: { ocr?: { pages?: unknown[] } }): Promise<{ pages: ReviewPage[]; ocr: ReviewTextPage[] | null }> {
    const kept = await this.kept(source);
    const storedLines = Array.isArray(stored.ocr?.pages) ? (stored.ocr.pages as KeptPage[]) : null;
    if (kept?.pages && kept.pages.length > 0) {
      const pages = kept.pages.map((p) => page(p.page, p.width, p.height, kept.file !== null));
      return { pages, ocr: kept.pages.map(textPage) };
    }
    if (kept?.file) {
      const read = await this.open(kept).catch(() => null);
      if (read) {
        try {
          const pages = read.pages.map((p) => page(p.number, p.width, p.height, true));
          const pdfLines = read.pages.every((p) => p.textLines) ? read.pages.map((p) => ({ number: p.number, width: p.width, height: p.height, source: 'pdf_text', lines: p.textLines! })) : null;
          return { pages, ocr: storedLines ? storedLines.map(textPage) : pdfLines };
        } finally {
          await read.close();
        }
      }
    }
    if (storedLines) return { pages: storedLines.map((p) => page(p.page, p.width, p.height, false)), ocr: storedLines.map(textPage) };
    return { pages: Array.from({ length: source.pages ?? 0 }, (_, i) => ({ number: i + 1, width: null, height: null, has_image: false })), ocr: null };
  }

  /** Page `n` (1-based) as an image, or null when no document is kept or it has no such page. */
  /** `rotation`: the turn the page was read with, where the caller keeps it apart from the file (the desktop store). */
  async image(source: KeptSource, n: number, rotation?: number): Promise<PageImage | null> {
    const cacheKey = `${source.id}:${n}`;
    const cached = this.images.get(cacheKey);
    if (cached) return cached;
    const kept = await this.kept(source);
    if (!kept?.file) return null;
    const read = await this.open(kept).catch(() => null);
    if (!read) return null;
    try {
      const p = read.pages.find((x) => x.number === n);
      if (!p) return null;
      const raster = await p.render();
      const turn = rotation ?? kept.pages?.find((x) => x.page === n)?.rotation ?? 0;
      let image = sharp(Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.byteLength), { raw: { width: raster.width, height: raster.height, channels: 3 } });
      // The text lines' boxes refer to the page as it was read: turned the same way.
      if (turn === 90 || turn === 180 || turn === 270) image = image.rotate(turn);
      image = image.resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
      const photo = read.mediaType === 'image/jpeg' || read.mediaType === 'image/webp' || read.mediaType === 'image/heic' || read.mediaType === 'image/heif';
      const made: PageImage = photo ? { type: 'image/jpeg', bytes: await image.jpeg({ quality: 85 }).toBuffer() } : { type: 'image/png', bytes: await image.png({ compressionLevel: 6 }).toBuffer() };
      this.images.set(cacheKey, made);
      return made;
    } catch {
      return null;
    } finally {
      await read.close();
    }
  }

  private async kept(source: KeptSource): Promise<KeptDocument | null> {
    if (!source.document_path) return null;
    const bytes = await readFile(source.document_path).catch(() => null);
    if (!bytes) return null;
    try {
      return decodeKeptDocument(bytes);
    } catch {
      return null;
    }
  }

  private open(kept: KeptDocument): Promise<IntakeResult> {
    return readDocument(kept.file!, { declaredType: kept.declaredType });
  }
}

function page(number: number, width: number, height: number, hasImage: boolean): ReviewPage {
  if (!(width > 0 && height > 0)) return { number, width: null, height: null, has_image: hasImage };
  return { number, ...(hasImage ? fitted(width, height) : { width, height }), has_image: hasImage };
}

function textPage(p: KeptPage): ReviewTextPage {
  return { number: p.page, width: p.width, height: p.height, source: p.source, lines: p.lines };
}
