// Worker entry point. From source the worker is TypeScript, so tsx is registered first.
import { register } from 'tsx/esm/api';

register();
await import('./request-log-writer.ts');
