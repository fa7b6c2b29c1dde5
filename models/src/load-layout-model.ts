import { LayoutModel } from '../../engine/src/extract/layout-model/layout-model.js';
import { FEATURES } from '../../engine/src/extract/layout-model/line-features.js';
import type { InferenceRuntime } from '../../engine/src/runtime/inference.js';
import type { ModelFileSource } from './load-ocr-models.js';
import { LAYOUT_MODEL } from './manifest.js';

/**
 * The layout model of the manifest, its sha256 checked, opened in the given runtime. Throws when
 * the file is missing, altered or does not open: the caller then extracts with the rules alone.
 */
export async function loadLayoutModel(runtime: InferenceRuntime, source: ModelFileSource, options: { threads?: number } = {}): Promise<LayoutModel> {
  const bytes = await source.read(LAYOUT_MODEL);
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  if (hex !== LAYOUT_MODEL.sha256) throw new Error(`${LAYOUT_MODEL.file}: sha256 ${hex} is not the manifest's`);
  if (LAYOUT_MODEL.input.shape[2] !== FEATURES) throw new Error(`${LAYOUT_MODEL.file} reads ${LAYOUT_MODEL.input.shape[2]} features, the engine makes ${FEATURES}`);
  return new LayoutModel(await runtime.createSession(bytes, { threads: options.threads ?? 1 }));
}
