// A receipt photographed at an angle on a dark counter, made with OpenCV.js: for the document
// outline's tests and as the fake camera's picture in the browser test.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { matFromRgba, type OpenCv, type Point, type Rgba } from '../../renderer/src/desktop/document-outline.js';

export const RECEIPT = readFileSync(new URL('../fixtures/sample-receipt.png', import.meta.url));

/**
 * OpenCV.js in Node. Loaded with require: Vitest awaits an imported CommonJS namespace, and
 * OpenCV.js is a thenable that resolves to itself. The renderer loads it through Vite
 * (renderer/src/desktop/opencv.ts).
 */
export async function nodeOpenCv(): Promise<{ cv: OpenCv }> {
  const cv = createRequire(import.meta.url)('@techstark/opencv-js') as OpenCv;
  if (!cv.Mat) await new Promise<void>((resolve) => (cv as unknown as { then(f: () => void): unknown }).then(() => resolve()));
  return { cv };
}

/** The receipt warped onto a dark, slightly grainy counter so that its corners land on `quad`. */
export async function angledPhoto(cv: OpenCv, quad: Point[], width: number, height: number): Promise<Rgba> {
  const { data, info } = await sharp(RECEIPT).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const paper = matFromRgba(cv, { data: new Uint8ClampedArray(data), width: info.width, height: info.height });
  // A fixed pseudo-random grain, so that every run sees the same frame.
  const counter = new Uint8ClampedArray(width * height * 4);
  let seed = 7;
  for (let i = 0; i < counter.length; i += 4) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const grain = (seed >>> 16) % 12;
    counter.set([40 + grain, 42 + grain, 45 + grain, 255], i);
  }
  const scene = matFromRgba(cv, { data: counter, width, height });
  const from = cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, info.width, 0, info.width, info.height, 0, info.height]);
  const to = cv.matFromArray(4, 1, cv.CV_32FC2, quad.flatMap((p) => [p.x, p.y]));
  const m = cv.getPerspectiveTransform(from, to);
  cv.warpPerspective(paper, scene, m, new cv.Size(width, height), cv.INTER_LINEAR, cv.BORDER_TRANSPARENT);
  const out = { data: new Uint8ClampedArray(scene.data), width, height };
  for (const x of [paper, scene, from, to, m]) x.delete();
  return out;
}

/**
 * The picture as a Y4M video (4:2:0, BT.601 full range), the format Chromium's fake camera
 * plays with --use-file-for-fake-video-capture. Width and height must be even.
 */
export function y4m(picture: Rgba, frames = 2): Buffer {
  const { width: w, height: h, data } = picture;
  const y = Buffer.alloc(w * h);
  const u = Buffer.alloc((w / 2) * (h / 2));
  const v = Buffer.alloc((w / 2) * (h / 2));
  const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
  for (let row = 0; row < h; row++) {
    for (let col = 0; col < w; col++) {
      const i = (row * w + col) * 4;
      y[row * w + col] = clamp(0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2]);
    }
  }
  for (let row = 0; row < h / 2; row++) {
    for (let col = 0; col < w / 2; col++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dy, dx] of [[0, 0], [0, 1], [1, 0], [1, 1]]) {
        const i = ((row * 2 + dy) * w + col * 2 + dx) * 4;
        r += data[i] / 4;
        g += data[i + 1] / 4;
        b += data[i + 2] / 4;
      }
      u[row * (w / 2) + col] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
      v[row * (w / 2) + col] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${h} F30:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: frames }, () => frame)]);
}
