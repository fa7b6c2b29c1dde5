import type { OcrLine } from '../../../engine/src/contracts/ocr.js';

/**
 * What a synchronous extraction keeps for the console's review view, in one file at the row's
 * `document_path` (so the retention sweep, which deletes that file with the result, deletes all
 * of it): the text lines read from each page, with their boxes, and the document's bytes.
 *
 *   MAGIC | uint32 BE length of the JSON header | JSON header | document bytes (none for client_ocr)
 *
 * A queued extraction's file is the document's bytes as sent (the queue reads them): no header,
 * no lines.
 */
const MAGIC = Buffer.from('DOCEX-KEPT/1\n', 'latin1');

/** One page's text as the extraction read it (engine `ocr.pages`); boxes are fractions of the page. */
export interface KeptPage {
  page: number;
  width: number;
  height: number;
  source: string;
  /** Clockwise degrees the page was turned to read it, when the engine says (boxes refer to the turned page). */
  rotation?: number;
  lines: OcrLine[];
}

export interface KeptHeader {
  kind: 'file' | 'client_ocr';
  declared_type?: string;
  pages: KeptPage[];
}

export interface KeptDocument {
  /** The document's bytes; null for client_ocr. */
  file: Uint8Array | null;
  declaredType?: string;
  /** Null for a queued extraction's raw document. */
  pages: KeptPage[] | null;
}

/** The file's parts, to be written in order (no copy of the document). */
export function encodeKeptDocument(header: KeptHeader, file: Uint8Array | null): Buffer[] {
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return file ? [MAGIC, length, json, Buffer.from(file.buffer, file.byteOffset, file.byteLength)] : [MAGIC, length, json];
}

export function decodeKeptDocument(bytes: Buffer): KeptDocument {
  if (bytes.length < MAGIC.length + 4 || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return { file: bytes, pages: null };
  const start = MAGIC.length + 4;
  const end = start + bytes.readUInt32BE(MAGIC.length);
  const header = JSON.parse(bytes.subarray(start, end).toString('utf8')) as KeptHeader;
  return {
    file: header.kind === 'file' ? bytes.subarray(end) : null,
    ...(header.declared_type ? { declaredType: header.declared_type } : {}),
    pages: Array.isArray(header.pages) ? header.pages : [],
  };
}
