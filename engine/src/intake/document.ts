import type { OcrLine } from '../contracts/ocr.js';
import type { RgbImage } from '../contracts/raster.js';

/** Media types the kit reads, decided by the bytes. */
export type MediaType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/tiff' | 'image/heic' | 'image/heif' | 'application/pdf';

/** Document limits of the spec; a deployment or organization may lower them. */
export interface IntakeLimits {
  /** 20 MB (20 * 1000 * 1000 bytes) by default. */
  maxFileBytes: number;
  /** Pages of a PDF or frames of a TIFF; 30 by default. */
  maxPages: number;
  /** 14,000 px a side. */
  maxSidePx: number;
  /** 60 megapixels. */
  maxPixels: number;
}

export const DEFAULT_INTAKE_LIMITS: IntakeLimits = {
  maxFileBytes: 20_000_000,
  maxPages: 30,
  maxSidePx: 14_000,
  maxPixels: 60_000_000,
};

/** One page of a document as intake hands it on. */
export interface DocumentPage {
  /** 1-based. */
  number: number;
  /** Size in pixels of the raster `render()` gives (for a PDF, at the render scale). */
  width: number;
  height: number;
  /**
   * Text lines of a PDF's own text layer with word boxes (0 to 1, origin top-left), or undefined
   * where the page has no text layer (images, scanned PDFs): then it needs OCR.
   */
  textLines?: OcrLine[];
  /** The page as an upright RGB raster; rendered on demand, since a digital PDF page may never need it. */
  render(): Promise<RgbImage>;
}

/** An XML file embedded in a PDF (a ZUGFeRD / Factur-X / XRechnung invoice, or anything else). */
export interface EmbeddedXmlFile {
  /** The file name the PDF gives it (path stripped). */
  name: string;
  /** The file's text, decoded, without a byte-order mark. */
  text: string;
}

export interface IntakeResult {
  mediaType: MediaType;
  pages: DocumentPage[];
  /** Warning codes, e.g. `declared_type_mismatch`. */
  warnings: string[];
  /** XML files embedded in a PDF (see `xmlAttachments`); absent for images and PDFs without any. */
  embeddedXml?: EmbeddedXmlFile[];
  /**
   * True when a PDF's embedded files could not be read (or an XML one was over the size limit):
   * the document is read all the same, and the caller may warn `embedded_data_unreadable`.
   */
  embeddedXmlUnreadable?: boolean;
  /** Frees decoder resources (PDF documents); pages cannot be rendered after it. */
  close(): Promise<void>;
}

export interface IntakeOptions {
  /** The content type the sender declared (multipart part type, or from a file name); optional. */
  declaredType?: string;
  limits?: Partial<IntakeLimits>;
}
