import { extname } from 'node:path';

const BY_EXTENSION: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.heic': 'image/heic',
  '.heif': 'image/heif',
  '.pdf': 'application/pdf',
};

/** The type a file's name claims, so a misnamed file gets `declared_type_mismatch`; undefined when unknown. */
export function declaredTypeFromName(path: string): string | undefined {
  return BY_EXTENSION[extname(path).toLowerCase()];
}
