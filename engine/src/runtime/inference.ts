/**
 * The one seam between the OCR core and an inference library. The core builds float tensors and
 * reads float tensors; an adapter (onnxruntime-node, onnxruntime-web) runs the model.
 */
export interface Tensor {
  data: Float32Array;
  dims: readonly number[];
}

/** A loaded model with one input and one output, which all PP-OCR models have. */
export interface InferenceSession {
  run(input: Tensor): Promise<Tensor>;
  release(): Promise<void>;
}

export interface SessionOptions {
  /** Threads for one model run; adapters pick a sensible default. */
  threads?: number;
}

export interface InferenceRuntime {
  /** e.g. `onnxruntime-node/1.23.2`; reported with results. */
  readonly name: string;
  createSession(model: Uint8Array, options?: SessionOptions): Promise<InferenceSession>;
}
