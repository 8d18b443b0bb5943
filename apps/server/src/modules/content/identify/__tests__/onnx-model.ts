import { createRequire } from 'node:module';
import type { onnx as Onnx } from 'onnx-proto';

// onnx-proto is CommonJS: required, so plain Node (the bench) and vitest load it alike.
const { onnx } = createRequire(import.meta.url)('onnx-proto') as typeof import('onnx-proto');

// Real ONNX models built in code with onnx-proto (tests and bench/identify.bench.ts): the identifier loads
// them with onnxruntime-node exactly like a trained model file.

const FLOAT = onnx.TensorProto.DataType.FLOAT;

export const floatTensor = (name: string, dims: number[], data: Float32Array): Onnx.ITensorProto => ({
  name,
  dims,
  dataType: FLOAT,
  rawData: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
});

type Attr = number | number[] | string;

export const node = (
  opType: string,
  input: string[],
  output: string[],
  attrs: Record<string, Attr> = {},
  name = output[0],
): Onnx.INodeProto => ({
  opType,
  input,
  output,
  name: name ?? null,
  attribute: Object.entries(attrs).map(([n, v]) =>
    Array.isArray(v)
      ? { name: n, type: onnx.AttributeProto.AttributeType.INTS, ints: v }
      : typeof v === 'string'
        ? { name: n, type: onnx.AttributeProto.AttributeType.STRING, s: new TextEncoder().encode(v) }
        : Number.isInteger(v)
          ? { name: n, type: onnx.AttributeProto.AttributeType.INT, i: v }
          : { name: n, type: onnx.AttributeProto.AttributeType.FLOAT, f: v },
  ),
});

const valueInfo = (name: string, dims: number[]): Onnx.IValueInfoProto => ({
  name,
  type: { tensorType: { elemType: FLOAT, shape: { dim: dims.map((d) => ({ dimValue: d })) } } },
});

export const modelBytes = (g: {
  nodes: Onnx.INodeProto[];
  initializers: Onnx.ITensorProto[];
  input: [string, number[]];
  output: [string, number[]];
}): Uint8Array =>
  onnx.ModelProto.encode(
    onnx.ModelProto.create({
      irVersion: 8,
      producerName: 'tilth-test',
      opsetImport: [{ domain: '', version: 13 }],
      graph: {
        name: 'g',
        node: g.nodes,
        initializer: g.initializers,
        input: [valueInfo(...g.input)],
        output: [valueInfo(...g.output)],
      },
    }),
  ).finish();

/**
 * The test model: a 1×1 conv (identity), global average pool and a dense layer whose weights let colour
 * decide — green → 稻飞虱, red → 二化螟, grey → __not_plant__ (a constant logit of 2 the others must beat).
 * Logits (ImageNet-normalised channel means r, g): [4g − 4r, 4r − 4g, 2].
 */
export const TEST_LABELS = ['稻飞虱|planthopper', '二化螟|stem borer', '__not_plant__'];

export const colourModel = (size: number): Uint8Array => {
  const eye = new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  // Gemm B is [in=3, out=3]: rows r, g, b.
  const dense = new Float32Array([-4, 4, 0, 4, -4, 0, 0, 0, 0]);
  const bias = new Float32Array([0, 0, 2]);
  return modelBytes({
    nodes: [
      node('Conv', ['input', 'conv_w'], ['conv'], { kernel_shape: [1, 1] }),
      node('GlobalAveragePool', ['conv'], ['pool']),
      node('Flatten', ['pool'], ['flat'], { axis: 1 }),
      node('Gemm', ['flat', 'dense_w', 'dense_b'], ['logits']),
    ],
    initializers: [
      floatTensor('conv_w', [3, 3, 1, 1], eye),
      floatTensor('dense_w', [3, 3], dense),
      floatTensor('dense_b', [3], bias),
    ],
    input: ['input', [1, 3, size, size]],
    output: ['logits', [1, 3]],
  });
};
