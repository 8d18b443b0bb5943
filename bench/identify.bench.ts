// Pest identification benchmark (issue 19 item 6): a MobileNetV2-shaped ONNX graph (≈ 3.5 M parameters,
// 224×224 input, 1000 outputs; random weights — the time does not depend on their values) is built with
// onnx-proto, loaded by the same identifier the server uses (onnxruntime-node, one session), and asked to
// identify a 12-megapixel phone-sized JPEG: decode, orient, resize, normalise (sharp) and inference.
// Budget: ≤ 300 ms per identification on the 2-core machine. Run: node --import tsx bench/identify.bench.ts
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  floatTensor,
  modelBytes,
  node,
} from '../apps/server/src/modules/content/identify/__tests__/onnx-model.js';
import {
  createOnnxIdentifier,
  preprocess,
} from '../apps/server/src/modules/content/identify/identify.onnx.js';
import { loadConfig } from '../apps/server/src/platform/config.js';

const RUNS = Number(process.env.RUNS ?? 30);
const CLASSES = 1000;

// Deterministic pseudo-random weights (He-scaled so activations stay finite).
let seed = 42;
const rand = () => {
  seed = (seed * 1664525 + 1013904223) % 4294967296;
  return seed / 4294967296 - 0.5;
};
const weights = (n: number, fanIn: number) => {
  const a = new Float32Array(n);
  const scale = Math.sqrt(6 / fanIn);
  for (let i = 0; i < n; i += 1) a[i] = rand() * scale;
  return a;
};

const mobileNetV2 = (): { bytes: Uint8Array; params: number } => {
  const nodes: ReturnType<typeof node>[] = [];
  const inits: ReturnType<typeof floatTensor>[] = [];
  let params = 0;
  let n = 0;
  // Conv with batch-norm folded in (a bias), as exported MobileNets are after optimisation.
  const conv = (
    x: string,
    cin: number,
    cout: number,
    k: number,
    stride: number,
    group: number,
    relu: boolean,
  ) => {
    n += 1;
    const w = `w${n}`;
    const b = `b${n}`;
    const wc = (cout * (cin / group) * k * k) as number;
    inits.push(floatTensor(w, [cout, cin / group, k, k], weights(wc, (cin / group) * k * k)));
    inits.push(floatTensor(b, [cout], new Float32Array(cout)));
    params += wc + cout;
    const pad = (k - 1) / 2;
    nodes.push(
      node('Conv', [x, w, b], [`c${n}`], {
        kernel_shape: [k, k],
        strides: [stride, stride],
        pads: [pad, pad, pad, pad],
        group,
      }),
    );
    if (!relu) return `c${n}`;
    nodes.push(node('Relu', [`c${n}`], [`r${n}`]));
    return `r${n}`;
  };
  let x = conv('input', 3, 32, 3, 2, 1, true);
  let c = 32;
  // (expansion t, channels, repeats, first stride): MobileNetV2's table.
  const table: [number, number, number, number][] = [
    [1, 16, 1, 1],
    [6, 24, 2, 2],
    [6, 32, 3, 2],
    [6, 64, 4, 2],
    [6, 96, 3, 1],
    [6, 160, 3, 2],
    [6, 320, 1, 1],
  ];
  for (const [t, out, reps, s] of table) {
    for (let i = 0; i < reps; i += 1) {
      const stride = i === 0 ? s : 1;
      const hidden = c * t;
      let y = t === 1 ? x : conv(x, c, hidden, 1, 1, 1, true);
      y = conv(y, hidden, hidden, 3, stride, hidden, true);
      y = conv(y, hidden, out, 1, 1, 1, false);
      if (stride === 1 && c === out) {
        n += 1;
        nodes.push(node('Add', [x, y], [`a${n}`]));
        y = `a${n}`;
      }
      x = y;
      c = out;
    }
  }
  x = conv(x, c, 1280, 1, 1, 1, true);
  nodes.push(node('GlobalAveragePool', [x], ['pool']));
  nodes.push(node('Flatten', ['pool'], ['flat'], { axis: 1 }));
  inits.push(floatTensor('fc_w', [1280, CLASSES], weights(1280 * CLASSES, 1280)));
  inits.push(floatTensor('fc_b', [CLASSES], new Float32Array(CLASSES)));
  params += 1280 * CLASSES + CLASSES;
  nodes.push(node('Gemm', ['flat', 'fc_w', 'fc_b'], ['logits']));
  const bytes = modelBytes({
    nodes,
    initializers: inits,
    input: ['input', [1, 3, 224, 224]],
    output: ['logits', [1, CLASSES]],
  });
  return { bytes, params };
};

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] as number;

const main = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tilth-identify-bench-'));
  try {
    const { bytes, params } = mobileNetV2();
    const modelPath = path.join(dir, 'mobilenetv2-bench.onnx');
    await writeFile(modelPath, bytes);
    await writeFile(
      path.join(dir, 'labels.txt'),
      Array.from({ length: CLASSES }, (_, i) => `pest-${i}`).join('\n'),
    );
    const cfg = loadConfig({
      TILTH_IDENTIFY_MODEL: modelPath,
      TILTH_IDENTIFY_LABELS: path.join(dir, 'labels.txt'),
    }).identify;
    const it = createOnnxIdentifier(cfg);
    // A phone photo: 4000×3000 JPEG of noise (worst case for the decoder), about 10 MB at quality 90.
    const photo = await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: '#4a7',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    const t0 = performance.now();
    await it.modelKey();
    const loadMs = performance.now() - t0;
    for (let i = 0; i < 3; i += 1) await it.identify(photo, 3);
    const total: number[] = [];
    const pre: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const a = performance.now();
      await preprocess(photo, 224, cfg.mean, cfg.std);
      pre.push(performance.now() - a);
      const b = performance.now();
      await it.identify(photo, 3);
      total.push(performance.now() - b);
    }
    await it.close();
    const r = (x: number) => Math.round(x * 10) / 10;
    console.log(
      JSON.stringify(
        {
          model: { params, megabytes: r(bytes.length / 1048576), loadMs: r(loadMs) },
          photo: { width: 4000, height: 3000, megabytes: r(photo.length / 1048576) },
          runs: RUNS,
          identifyMs: { p50: r(pct(total, 0.5)), p95: r(pct(total, 0.95)), max: r(Math.max(...total)) },
          preprocessMs: { p50: r(pct(pre, 0.5)) },
          budgetMs: 300,
          pass: pct(total, 0.95) <= 300,
        },
        null,
        2,
      ),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

await main();
