// Worker entry point. From source the worker is TypeScript, so tsx is registered first; a bundled
// build points the pool at its compiled worker instead.
import { register } from 'tsx/esm/api';

register();
const worker = await import('./ocr-worker.ts');
export default worker.default;
export const warmUp = worker.warmUp;
