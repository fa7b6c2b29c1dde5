// Browser entry for test/models/layout-model-browser.test.ts, bundled at test time: the project's own
// browser path for the layout model (urlFileSource -> loadLayoutModel, which checks the sha256
// with crypto.subtle -> createOnnxWebRuntime) on a DocumentText handed in from Node as JSON.
import { ROLES } from '../../../engine/src/extract/layout-model/roles.js';
import type { DocumentText } from '../../../engine/src/extract/layout/document-text.js';
import { createOnnxWebRuntime } from '../../../engine/src/runtime/browser/onnx-web-runtime.js';
import { urlFileSource } from '../../../models/src/browser/url-file-source.js';
import { loadLayoutModel } from '../../../models/src/load-layout-model.js';

export interface PageRoles {
  runtime: string;
  /** probs[line][role], roles in ROLES order. */
  probs: number[][];
}

export interface LayoutModelPage {
  /** Loads the layout model from `${modelBase}/<package>/<file>` and reads `doc`'s line roles. */
  layoutRoles(doc: DocumentText, modelBase: string, wasmPaths: string): Promise<PageRoles>;
}

const api: LayoutModelPage = {
  async layoutRoles(doc, modelBase, wasmPaths) {
    const runtime = createOnnxWebRuntime({ wasmPaths });
    const model = await loadLayoutModel(runtime, urlFileSource(modelBase));
    try {
      const roles = await model.roles(doc);
      const probs = doc.lines.map((l) => ROLES.map((r) => roles.prob(l.index, r)));
      return { runtime: runtime.name, probs };
    } finally {
      await model.release();
    }
  },
};

(globalThis as unknown as { layoutModelPage: LayoutModelPage }).layoutModelPage = api;
