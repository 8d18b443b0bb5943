import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import type { IdentifyConfig } from '../../../platform/config.js';
import { parseLabels, toProbabilities, topK } from './identify.labels.js';
import type { Identifier } from './identify.provider.js';

// The in-process identifier: one onnxruntime session, loaded on first use and reused. onnxruntime-node runs
// a session on its own native thread pool, so the event loop only pays for sharp's preprocessing (also off
// the loop, in libvips' threads) and the softmax of a few hundred numbers.

interface Loaded {
  session: ort.InferenceSession;
  labels: string[];
  key: string;
  inputName: string;
  outputName: string;
}

/** sharp: decode, orient by EXIF, cover-crop to size×size, RGB → NCHW float32 normalised by mean / std. */
export const preprocess = async (
  image: Buffer,
  size: number,
  mean: readonly number[],
  std: readonly number[],
): Promise<Float32Array> => {
  const { data } = await sharp(image, { failOn: 'error' })
    .rotate()
    .resize(size, size, { fit: 'cover' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const plane = size * size;
  const out = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i += 1) {
    for (let c = 0; c < 3; c += 1) {
      out[c * plane + i] = ((data[i * 3 + c] as number) / 255 - (mean[c] as number)) / (std[c] as number);
    }
  }
  return out;
};

export const createOnnxIdentifier = (cfg: IdentifyConfig): Identifier => {
  let loading: Promise<Loaded> | undefined;
  const load = (): Promise<Loaded> => {
    loading ??= (async () => {
      const modelPath = cfg.modelPath as string;
      const [model, labelText] = await Promise.all([
        readFile(modelPath),
        cfg.labelsPath ? readFile(cfg.labelsPath, 'utf8') : Promise.resolve(''),
      ]);
      const session = await ort.InferenceSession.create(model, {
        graphOptimizationLevel: 'all',
        executionMode: 'sequential',
        ...(cfg.threads > 0 ? { intraOpNumThreads: cfg.threads } : {}),
        interOpNumThreads: 1,
      });
      // The model's id and version: its file name and a digest of its bytes, labels and preprocessing.
      const digest = createHash('sha256')
        .update(model)
        .update(labelText)
        .update(JSON.stringify([cfg.inputSize, cfg.mean, cfg.std]))
        .digest('hex')
        .slice(0, 16);
      return {
        session,
        labels: parseLabels(labelText),
        key: `onnx:${path.basename(modelPath)}@${digest}`,
        inputName: session.inputNames[0] as string,
        outputName: session.outputNames[0] as string,
      };
    })();
    // A failed load is retried next time (the file may be being copied in).
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };

  return {
    provider: 'onnx',
    modelKey: async () => (await load()).key,
    labelCount: async () => (await load()).labels.length,
    identify: async (image, k) => {
      const m = await load();
      const n = cfg.inputSize;
      const input = new ort.Tensor('float32', await preprocess(image, n, cfg.mean, cfg.std), [1, 3, n, n]);
      const result = await m.session.run({ [m.inputName]: input });
      const out = result[m.outputName];
      if (!out) throw new Error(`model has no output ${m.outputName}`);
      const probs = toProbabilities(out.data as Float32Array);
      if (m.labels.length > 0 && m.labels.length !== probs.length) {
        throw new Error(`label file has ${m.labels.length} labels, the model ${probs.length} outputs`);
      }
      return topK(probs, m.labels, k);
    },
    close: async () => {
      const l = loading;
      loading = undefined;
      if (l) await (await l.catch(() => undefined))?.session.release();
    },
  };
};
