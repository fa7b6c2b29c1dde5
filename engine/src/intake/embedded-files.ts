import type { EmbeddedXmlFile } from './document.js';

/** An embedded file larger than this is not read (an invoice XML is tens of kilobytes; 5 MB holds one with attachments of its own). */
export const MAX_EMBEDDED_XML_BYTES = 5_000_000;
/** XML files past this many are ignored. */
export const MAX_EMBEDDED_XML_FILES = 10;

/** One entry of pdf.js `getAttachments()`: `{filename, content, ...}`, checked here, not trusted. */
export interface PdfAttachment {
  filename?: unknown;
  content?: unknown;
}

export interface XmlAttachments {
  files: EmbeddedXmlFile[];
  /** An XML file was there but left out: over `MAX_EMBEDDED_XML_BYTES`. */
  skipped: boolean;
}

/**
 * The XML files among a PDF's embedded files, in the document's order: those whose name ends in
 * `.xml` or whose content starts with `<` (after a byte-order mark and white space). Each is
 * decoded (UTF-8, or the encoding its XML declaration or byte-order mark names) without a
 * byte-order mark. Files over `MAX_EMBEDDED_XML_BYTES` are left out and reported as `skipped`;
 * past `MAX_EMBEDDED_XML_FILES` XML files the rest are ignored.
 */
export function xmlAttachments(attachments: Record<string, PdfAttachment> | null | undefined): XmlAttachments {
  const files: EmbeddedXmlFile[] = [];
  let skipped = false;
  if (!attachments || typeof attachments !== 'object') return { files, skipped };
  for (const [key, attachment] of Object.entries(attachments)) {
    if (files.length >= MAX_EMBEDDED_XML_FILES) break;
    const content = attachment?.content;
    if (!(content instanceof Uint8Array)) continue;
    const filename = typeof attachment.filename === 'string' && attachment.filename !== '' && attachment.filename !== 'unnamed' ? attachment.filename : key;
    const name = baseName(filename);
    if (!/\.xml$/i.test(name) && !startsWithTag(content)) continue;
    if (content.length > MAX_EMBEDDED_XML_BYTES) {
      skipped = true;
      continue;
    }
    files.push({ name, text: decodeXml(content) });
  }
  return { files, skipped };
}

/** The text of an XML file's bytes, without a byte-order mark. */
export function decodeXml(bytes: Uint8Array): string {
  let encoding = 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) encoding = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) encoding = 'utf-16be';
  else if (!(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)) {
    // No byte-order mark: the declaration may name a single-byte encoding (ISO-8859-1 and the like).
    const head = String.fromCharCode(...bytes.subarray(0, 200));
    const declared = /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
    if (declared && !/^utf-?16/i.test(declared)) encoding = declared;
  }
  let text: string;
  try {
    text = new TextDecoder(encoding).decode(bytes);
  } catch {
    text = new TextDecoder('utf-8').decode(bytes); // an encoding the runtime does not know
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function startsWithTag(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return decodeXml(bytes.subarray(0, 256)).trimStart().startsWith('<');
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  return bytes[i] === 0x3c; // '<'
}

function baseName(name: string): string {
  const parts = name.split(/[\\/]/);
  return parts[parts.length - 1] || name;
}
