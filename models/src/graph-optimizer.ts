import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

// The decoded protobuf objects, with only the fields used here and without protobufjs' nullables.
interface TensorProto {
  name: string;
  dataType: number;
  dims: (number | { toNumber(): number })[];
  floatData?: number[];
  rawData?: Uint8Array;
}
interface AttributeProto {
  name: string;
  i?: number | { toNumber(): number };
  ints?: (number | { toNumber(): number })[];
  s?: Uint8Array;
  t?: TensorProto;
}
interface NodeProto {
  opType: string;
  input: string[];
  output: string[];
  attribute: AttributeProto[];
}
interface GraphProto {
  node: NodeProto[];
  initializer: TensorProto[];
  output: { name: string; type?: { tensorType?: { shape?: unknown } } }[];
}

const FLOAT = 1;

export interface OptimizeReport {
  /** Scalar Mul/Add nodes after a Conv folded into its weights and bias. */
  foldedAfterConv: number;
  /** Scalar Mul -> Add pairs before an unpadded Conv folded into it. */
  foldedBeforeConv: number;
  /** x * clip(x + 3, 0, 6) / 6 chains replaced by x * HardSigmoid(x). */
  hardSwish: number;
}

/**
 * Exact rewrites of PP-OCR graphs that onnxruntime does not do itself. PP-LCNet blocks wrap every
 * convolution in scalar affine ops and spell hard-swish as four element-wise ops; on a CPU those
 * memory passes cost as much as the convolutions. Folding them changes no result beyond float
 * rounding (a test compares outputs) and makes recognition about twice as fast.
 */
export function optimizeOnnxGraph(bytes: Uint8Array): { bytes: Uint8Array; report: OptimizeReport } {
  const model = onnx.ModelProto.decode(bytes);
  const graph = model.graph as unknown as GraphProto | null;
  if (!graph) return { bytes, report: { foldedAfterConv: 0, foldedBeforeConv: 0, hardSwish: 0 } };
  const inits = new Map<string, TensorProto>(graph.initializer.map((t) => [t.name, t]));
  let nodes: NodeProto[] = [];
  for (const n of graph.node) {
    // Constant nodes become initializers so their values can be read below.
    const value = n.opType === 'Constant' && n.attribute.length === 1 && n.attribute[0].name === 'value' ? n.attribute[0].t : null;
    if (value) {
      value.name = n.output[0];
      inits.set(value.name, value);
    } else nodes.push(n);
  }
  const graphOutputs = new Set(graph.output.map((o) => o.name));
  const ctx = new GraphContext(nodes, inits, graphOutputs);
  const report: OptimizeReport = {
    foldedAfterConv: foldAffineAfterConv(ctx),
    hardSwish: 0,
    foldedBeforeConv: 0,
  };
  ctx.sweep();
  report.hardSwish = fuseHardSwish(ctx);
  ctx.sweep();
  report.foldedBeforeConv = foldAffineBeforeConv(ctx);
  ctx.sweep();
  nodes = ctx.nodes;
  graph.node = nodes;
  const used = new Set(nodes.flatMap((n) => n.input));
  graph.initializer = [...inits.values()].filter((t) => used.has(t.name));
  return { bytes: onnx.ModelProto.encode(model).finish(), report };
}

class GraphContext {
  readonly removed = new Set<NodeProto>();
  private consumers = new Map<string, NodeProto[]>();
  private producers = new Map<string, NodeProto>();

  constructor(
    public nodes: NodeProto[],
    readonly inits: Map<string, TensorProto>,
    private readonly graphOutputs: Set<string>,
  ) {
    this.index();
  }

  /** Drop removed nodes and rebuild the producer/consumer index. */
  sweep(): void {
    this.nodes = this.nodes.filter((n) => !this.removed.has(n));
    this.removed.clear();
    this.index();
  }

  private index(): void {
    this.consumers = new Map();
    this.producers = new Map();
    for (const n of this.nodes) {
      for (const i of n.input) this.consumers.set(i, [...(this.consumers.get(i) ?? []), n]);
      for (const o of n.output) this.producers.set(o, n);
    }
  }

  /** The single node reading `tensor`, if exactly one does and it is not a graph output. */
  soleConsumer(tensor: string): NodeProto | null {
    const c = this.consumers.get(tensor) ?? [];
    return c.length === 1 && !this.graphOutputs.has(tensor) && !this.removed.has(c[0]) ? c[0] : null;
  }

  producer(tensor: string): NodeProto | null {
    const p = this.producers.get(tensor);
    return p && !this.removed.has(p) ? p : null;
  }

  floats(name: string): Float32Array | null {
    const t = this.inits.get(name);
    if (!t || t.dataType !== FLOAT || (t.rawData && t.rawData.byteLength % 4 !== 0)) return null;
    return floatsOf(t);
  }

  scalar(name: string): number | null {
    const f = this.floats(name);
    return f && f.length === 1 ? f[0] : null;
  }

  /** The input of a binary node that is not `tensor`, and whether the other is a constant scalar. */
  scalarOperand(node: NodeProto, tensor: string): number | null {
    if (node.input.length !== 2) return null;
    const other = node.input[0] === tensor ? node.input[1] : node.input[1] === tensor ? node.input[0] : null;
    return other === null ? null : this.scalar(other);
  }

  addFloats(name: string, dims: TensorProto['dims'], values: Float32Array): string {
    const tensor = onnx.TensorProto.create({ name, dataType: FLOAT, dims: dims.map(Number), rawData: new Uint8Array(values.buffer) });
    this.inits.set(name, tensor as unknown as TensorProto);
    return name;
  }
}

/** Conv -> Mul(s) -> Add(b) (scalars, any number in a row): W' = s W, B' = s B + b. */
function foldAffineAfterConv(ctx: GraphContext): number {
  let folded = 0;
  for (const conv of ctx.nodes) {
    if (conv.opType !== 'Conv') continue;
    const weight = ctx.inits.get(conv.input[1]);
    let w = ctx.floats(conv.input[1]);
    if (!weight || !w || (conv.input[2] && !ctx.floats(conv.input[2]))) continue;
    const outChannels = Number(weight.dims[0]);
    let b = conv.input[2] ? (ctx.floats(conv.input[2]) as Float32Array) : new Float32Array(outChannels);
    let out = conv.output[0];
    let count = 0;
    for (let next = ctx.soleConsumer(out); next; next = ctx.soleConsumer(out)) {
      const s = ctx.scalarOperand(next, out);
      if (s === null || (next.opType !== 'Mul' && next.opType !== 'Add')) break;
      if (next.opType === 'Mul') {
        w = w.map((v) => v * s);
        b = b.map((v) => v * s);
      } else b = b.map((v) => v + s);
      ctx.removed.add(next);
      out = next.output[0];
      count++;
    }
    if (count === 0) continue;
    conv.input = [conv.input[0], ctx.addFloats(`${out}__w`, weight.dims, w), ctx.addFloats(`${out}__b`, [outChannels], b)];
    conv.output = [out];
    folded += count;
  }
  return folded;
}

/** x -> Add(3) -> Clip(0, 6) -> Mul(x, .) -> Div(6)  =>  Mul(x, HardSigmoid(x; 1/6, 1/2)). */
function fuseHardSwish(ctx: GraphContext): number {
  let fused = 0;
  for (const add of ctx.nodes) {
    if (add.opType !== 'Add' || add.input.length !== 2) continue;
    const x = ctx.scalar(add.input[1]) === 3 ? add.input[0] : ctx.scalar(add.input[0]) === 3 ? add.input[1] : null;
    if (x === null) continue;
    const clip = ctx.soleConsumer(add.output[0]);
    if (!clip || clip.opType !== 'Clip' || ctx.scalar(clip.input[1] ?? '') !== 0 || ctx.scalar(clip.input[2] ?? '') !== 6) continue;
    const mul = ctx.soleConsumer(clip.output[0]);
    if (!mul || mul.opType !== 'Mul' || !mul.input.includes(x)) continue;
    const div = ctx.soleConsumer(mul.output[0]);
    if (!div || div.opType !== 'Div' || div.input[0] !== mul.output[0] || ctx.scalar(div.input[1]) !== 6) continue;
    ctx.removed.add(clip);
    ctx.removed.add(div);
    add.opType = 'HardSigmoid';
    add.input = [x];
    add.attribute = [
      onnx.AttributeProto.create({ name: 'alpha', type: onnx.AttributeProto.AttributeType.FLOAT, f: 1 / 6 }),
      onnx.AttributeProto.create({ name: 'beta', type: onnx.AttributeProto.AttributeType.FLOAT, f: 0.5 }),
    ] as unknown as AttributeProto[];
    mul.input = [x, add.output[0]];
    mul.output = [div.output[0]];
    fused++;
  }
  return fused;
}

/**
 * Mul(s) -> Add(b) -> Conv with no padding and one group: conv(s x + b) = (s W) x + (B + b sum W).
 * Padded convolutions are left alone: their zero border would not see the shift.
 */
function foldAffineBeforeConv(ctx: GraphContext): number {
  let folded = 0;
  for (const conv of ctx.nodes) {
    if (conv.opType !== 'Conv') continue;
    const attr = (name: string) => conv.attribute.find((a) => a.name === name);
    const pads = attr('pads');
    if (pads?.ints?.some((v) => Number(v) !== 0)) continue;
    const autoPad = attr('auto_pad');
    const autoPadValue = autoPad?.s ? new TextDecoder().decode(autoPad.s) : 'NOTSET';
    if (autoPadValue !== 'NOTSET' && autoPadValue !== 'VALID') continue;
    if (Number(attr('group')?.i ?? 1) !== 1) continue;
    const add = ctx.producer(conv.input[0]);
    if (!add || add.opType !== 'Add' || ctx.soleConsumer(add.output[0]) !== conv) continue;
    const addIn = ctx.inits.has(add.input[0]) ? add.input[1] : add.input[0];
    const shift = ctx.scalarOperand(add, addIn);
    const mul = ctx.producer(addIn);
    if (shift === null || !mul || mul.opType !== 'Mul' || ctx.soleConsumer(mul.output[0]) !== add) continue;
    const mulIn = ctx.inits.has(mul.input[0]) ? mul.input[1] : mul.input[0];
    const scale = ctx.scalarOperand(mul, mulIn);
    const weight = ctx.inits.get(conv.input[1]);
    const w = ctx.floats(conv.input[1]);
    if (scale === null || !weight || !w) continue;
    const outChannels = Number(weight.dims[0]);
    const perOut = w.length / outChannels;
    const b0 = conv.input[2] ? ctx.floats(conv.input[2]) : new Float32Array(outChannels);
    if (!b0) continue;
    const b = b0.map((v, o) => {
      let sum = 0;
      for (let k = 0; k < perOut; k++) sum += w[o * perOut + k];
      return v + shift * sum;
    });
    conv.input = [
      mulIn,
      ctx.addFloats(`${conv.output[0]}__pre_w`, weight.dims, w.map((v) => v * scale)),
      ctx.addFloats(`${conv.output[0]}__pre_b`, [outChannels], b),
    ];
    ctx.removed.add(add);
    ctx.removed.add(mul);
    folded++;
  }
  return folded;
}

/**
 * Keep only some output classes of a recogniser whose graph ends in MatMul -> Add -> Softmax:
 * the classifier's weight columns and biases of the other classes are dropped. The arg-max over
 * the kept classes is the same as masking the full output, but the model computes, normalises
 * and hands over 30 times fewer numbers per step (softmax is taken over the kept classes, so
 * probabilities are relative to them). `keep` lists class indices in output order; 0 is the blank.
 */
export function restrictOutputClasses(bytes: Uint8Array, keep: readonly number[]): Uint8Array {
  const model = onnx.ModelProto.decode(bytes);
  const graph = model.graph as unknown as GraphProto | null;
  const fail = (why: string): never => {
    throw new Error(`cannot restrict output classes: ${why}`);
  };
  if (!graph || graph.output.length !== 1) return fail('expected one graph output');
  const inits = new Map<string, TensorProto>(graph.initializer.map((t) => [t.name, t]));
  const constants = new Map<string, TensorProto>();
  for (const n of graph.node) if (n.opType === 'Constant' && n.attribute[0]?.t) constants.set(n.output[0], n.attribute[0].t);
  const tensor = (name: string) => inits.get(name) ?? constants.get(name);
  const producer = (name: string) => graph.node.find((n) => n.output.includes(name));
  const softmax = producer(graph.output[0].name);
  if (softmax?.opType !== 'Softmax') return fail('output is not a Softmax');
  const add = producer(softmax.input[0]);
  if (add?.opType !== 'Add') return fail('Softmax input is not an Add');
  const matmul = producer(add.input[0]) ?? fail('Add input is not produced by a node');
  if (matmul.opType !== 'MatMul') return fail('Add input is not a MatMul');
  const weight = tensor(matmul.input[1]) ?? fail('MatMul weight is not constant');
  const bias = tensor(add.input[1]) ?? fail('Add bias is not constant');
  const [rows, cols] = weight.dims.map(Number);
  const w = floatsOf(weight);
  const b = floatsOf(bias);
  if (b.length !== cols || keep.some((k) => k < 0 || k >= cols)) return fail('class indices out of range');
  const w2 = new Float32Array(rows * keep.length);
  for (let r = 0; r < rows; r++) keep.forEach((k, j) => (w2[r * keep.length + j] = w[r * cols + k]));
  const b2 = Float32Array.from(keep, (k) => b[k]);
  const put = (name: string, dims: number[], values: Float32Array) => {
    graph.initializer.push(onnx.TensorProto.create({ name, dataType: FLOAT, dims, rawData: new Uint8Array(values.buffer) }) as unknown as TensorProto);
    return name;
  };
  matmul.input = [matmul.input[0], put(`${matmul.output[0]}__kept_w`, [rows, keep.length], w2)];
  add.input = [add.input[0], put(`${add.output[0]}__kept_b`, [keep.length], b2)];
  const used = new Set(graph.node.flatMap((n) => n.input));
  graph.initializer = graph.initializer.filter((t) => used.has(t.name));
  // The declared output shape named the old class count; leave its shape to inference.
  const tensorType = graph.output[0].type?.tensorType;
  if (tensorType) delete tensorType.shape;
  return onnx.ModelProto.encode(model).finish();
}

function floatsOf(t: TensorProto): Float32Array {
  if (t.dataType !== FLOAT) throw new Error('expected a float tensor');
  if (t.floatData && t.floatData.length > 0) return Float32Array.from(t.floatData);
  const raw = t.rawData ?? new Uint8Array(0);
  return new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
}
