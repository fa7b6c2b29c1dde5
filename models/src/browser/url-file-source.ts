import type { ModelFileSource } from '../load-ocr-models.js';
import type { PackagedFile } from '../manifest.js';

/**
 * Model files fetched from where the app serves its model packages: `${baseUrl}/<package>/<file>`
 * (the desktop build copies them there; nothing is fetched from outside the app).
 */
export function urlFileSource(baseUrl: string): ModelFileSource {
  return {
    async read(file: PackagedFile): Promise<Uint8Array> {
      const res = await fetch(`${baseUrl.replace(/\/$/, '')}/${file.package}/${file.file}`);
      if (!res.ok) throw new Error(`model file answered ${res.status}`);
      return new Uint8Array(await res.arrayBuffer());
    },
  };
}
