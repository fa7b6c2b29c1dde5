// Worker entry point. From source the worker is TypeScript, so tsx is registered first.
import { register } from 'tsx/esm/api';

register();
const worker = await import('./text-worker.ts');
export default worker.default;
