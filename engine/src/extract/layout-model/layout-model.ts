import type { InferenceSession } from '../../runtime/inference.js';
import type { DocumentText } from '../layout/document-text.js';
import { FEATURES, lineFeatures } from './line-features.js';
import { ROLES, type Role } from './roles.js';

/** Lines the model reads at once; longer documents are read in windows of this many lines. */
export const WINDOW_LINES = 256;

/** The model's answer for a document: per line (DocumentText's index), the probability of each role. */
export class LineRoles {
  constructor(
    private readonly probs: Float32Array,
    readonly lines: number,
  ) {}

  prob(line: number, role: Role): number {
    if (line < 0 || line >= this.lines) return 0;
    return this.probs[line * ROLES.length + ROLES.indexOf(role)];
  }
}

/**
 * The project's layout model (models/layout): reads every line of a document, its text and its
 * place, and gives each line a probability per field role. Through the engine's inference
 * interface, so onnxruntime-node and onnxruntime-web run it alike.
 */
export class LayoutModel {
  constructor(private readonly session: InferenceSession) {}

  async roles(doc: DocumentText): Promise<LineRoles> {
    const n = doc.lines.length;
    const out = new Float32Array(n * ROLES.length);
    if (n === 0) return new LineRoles(out, 0);
    const features = lineFeatures(doc);
    for (let start = 0; start < n; start += WINDOW_LINES) {
      const count = Math.min(WINDOW_LINES, n - start);
      const result = await this.session.run({ data: features.subarray(start * FEATURES, (start + count) * FEATURES), dims: [1, count, FEATURES] });
      if (result.data.length !== count * ROLES.length) throw new Error(`the layout model answered ${result.data.length} numbers for ${count} lines`);
      out.set(result.data, start * ROLES.length);
    }
    return new LineRoles(out, n);
  }

  release(): Promise<void> {
    return this.session.release();
  }
}
