import ort from 'onnxruntime-node';
import type { InferenceRuntime, InferenceSession, SessionOptions, Tensor } from '../inference.js';

/** onnxruntime-node behind the engine's runtime interface. Runs execute on ORT's own threads. */
export function createOnnxNodeRuntime(): InferenceRuntime {
  return {
    name: `onnxruntime-node/${ort.env.versions.node ?? 'unknown'}`,
    async createSession(model: Uint8Array, options: SessionOptions = {}): Promise<InferenceSession> {
      const session = await ort.InferenceSession.create(model, {
        intraOpNumThreads: options.threads ?? 0,
        interOpNumThreads: 1,
        graphOptimizationLevel: 'all',
        executionMode: 'sequential',
      });
      const [inputName] = session.inputNames;
      const [outputName] = session.outputNames;
      return {
        async run(input: Tensor): Promise<Tensor> {
          const feeds = { [inputName]: new ort.Tensor('float32', input.data, input.dims) };
          const result = await session.run(feeds);
          const out = result[outputName];
          return { data: out.data as Float32Array, dims: out.dims };
        },
        release: () => session.release(),
      };
    },
  };
}
