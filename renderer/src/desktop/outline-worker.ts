// The camera's edge detection, in a worker: off the UI thread, and apart from the page because
// OpenCV.js compiles its bindings with `new Function`, which the page's Content-Security-Policy
// forbids (a worker loaded from the app's own files has no policy and no access to the app's API).
import { correctPerspective, findDocumentQuad, type Point, type Rgba } from './document-outline.js';
import { openCvReady } from './opencv.js';

export type OutlineRequest = { id: number; op: 'find'; frame: Rgba } | { id: number; op: 'straighten'; frame: Rgba };
export type OutlineReply =
  | { ready: true }
  | { ready: false; error: string }
  | { id: number; quad: Point[] | null; pixels?: Rgba | null }
  | { id: number; error: string };

const scope = self as unknown as { postMessage(m: OutlineReply, transfer?: Transferable[]): void; onmessage: ((e: MessageEvent<OutlineRequest>) => void) | null };
const ready = openCvReady();
ready.then(
  () => scope.postMessage({ ready: true }),
  (err: unknown) => scope.postMessage({ ready: false, error: String(err) }),
);

scope.onmessage = async ({ data }) => {
  try {
    const { cv } = await ready;
    const quad = findDocumentQuad(cv, data.frame);
    if (data.op === 'find') return scope.postMessage({ id: data.id, quad });
    const pixels = quad ? correctPerspective(cv, data.frame, quad) : null;
    scope.postMessage({ id: data.id, quad, pixels }, pixels ? [pixels.data.buffer] : []);
  } catch (err) {
    scope.postMessage({ id: data.id, error: String(err) });
  }
};
