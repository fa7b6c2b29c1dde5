// Entry point of the PDF reader's process (isolated-pdf-reader.ts). From source the reader is
// TypeScript, so tsx is registered, after pdf.js is loaded as it is: tsx would otherwise
// transform pdf.js's 3 MB of JavaScript again, which costs the process some 350 MB.
import 'pdfjs-dist/legacy/build/pdf.mjs';
import 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { register } from 'tsx/esm/api';

register();
await import('./pdf-reader-process.ts');
