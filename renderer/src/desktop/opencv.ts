// OpenCV.js, imported statically here so that the module is never awaited as a namespace:
// it exports `then` (it is a thenable that resolves to itself), and awaiting a dynamic
// import of it, or it, never settles. Callers import this file lazily (OpenCV.js is ~10 MB).
import cvModule from '@techstark/opencv-js';

export type OpenCv = typeof cvModule;

/** OpenCV.js once its WebAssembly is ready, wrapped in an object so that it is not awaited. */
export function openCvReady(): Promise<{ cv: OpenCv }> {
  const cv = cvModule;
  if (cv.Mat) return Promise.resolve({ cv });
  return new Promise((resolve) => {
    (cv as unknown as { then(f: () => void): unknown }).then(() => resolve({ cv }));
  });
}
