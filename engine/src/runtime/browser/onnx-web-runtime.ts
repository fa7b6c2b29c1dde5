import * as ort from 'onnxruntime-web';
import type { InferenceRuntime, InferenceSession, SessionOptions, Tensor } from '../inference.js';

export interface OnnxWebRuntimeOptions {
  /** Where onnxruntime-web finds its .wasm files when a bundler does not place them. */
  wasmPaths?: string;
}

/**
 * onnxruntime-web (WebAssembly backend) behind the engine's runtime interface, for the renderer
 * and other browsers. Multi-threaded WebAssembly needs cross-origin isolation; without it the
 * runtime falls back to one thread.
 */
export function createOnnxWebRuntime(options: OnnxWebRuntimeOptions = {}): InferenceRuntime {
  if (options.wasmPaths) ort.env.wasm.wasmPaths = options.wasmPaths;
  return {
    name: `onnxruntime-web/${ort.env.versions.web ?? 'unknown'}`,
    async createSession(model: Uint8Array, sessionOptions: SessionOptions = {}): Promise<InferenceSession> {
      if (sessionOptions.threads) ort.env.wasm.numThreads = sessionOptions.threads;
      const session = await ort.InferenceSession.create(model, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
      const [inputName] = session.inputNames;
      const [outputName] = session.outputNames;
      return {
        async run(input: Tensor): Promise<Tensor> {
          const result = await session.run({ [inputName]: new ort.Tensor('float32', input.data, input.dims) });
          const out = result[outputName];
          return { data: out.data as Float32Array, dims: out.dims };
        },
        release: () => session.release(),
      };
    },
  };
}
