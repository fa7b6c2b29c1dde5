import type { TextPage } from '../../engine/src/extract/layout/document-text.js';
import type { Engine } from '../../engine/src/node/engine.js';

/** A document's page text as the engine reads it (OCR for images, the text layer for PDFs), as extraction takes it. */
export async function ocrPages(engine: Engine, bytes: Uint8Array, type: string, options: Record<string, unknown> = {}): Promise<TextPage[]> {
  const r = await engine.extract({ file: bytes }, type, { options: { ...options, include_ocr: true } });
  return (r.ocr?.pages ?? []) as TextPage[];
}
