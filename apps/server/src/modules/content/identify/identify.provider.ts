import type { IdentifyConfig } from '../../../platform/config.js';
import { createHttpIdentifier } from './identify.http.js';
import type { RawCandidate } from './identify.labels.js';
import { createOnnxIdentifier } from './identify.onnx.js';

// The identifier behind the screen: an ONNX model run in process, a cloud recognition service over HTTP,
// or none (the screen says so and offers the expert). One per configuration, made lazily and reused.

export interface Identifier {
  provider: 'onnx' | 'http' | 'none';
  /** Model id and version: with the image's SHA-256 it keys stored answers. Loads the model if needed. */
  modelKey(): Promise<string>;
  /** How many outputs the model has (0 when unknown or none). */
  labelCount(): Promise<number>;
  /** The top candidates of one JPEG / PNG, most likely first. */
  identify(image: Buffer, k: number): Promise<RawCandidate[]>;
  close(): Promise<void>;
}

export const NONE_IDENTIFIER: Identifier = {
  provider: 'none',
  modelKey: async () => 'none',
  labelCount: async () => 0,
  identify: async () => [],
  close: async () => undefined,
};

const made = new WeakMap<IdentifyConfig, Identifier>();

export const identifierFor = (cfg: IdentifyConfig): Identifier => {
  let it = made.get(cfg);
  if (!it) {
    it =
      cfg.provider === 'onnx' && cfg.modelPath
        ? createOnnxIdentifier(cfg)
        : cfg.provider === 'http' && cfg.httpUrl
          ? createHttpIdentifier(cfg)
          : NONE_IDENTIFIER;
    made.set(cfg, it);
  }
  return it;
};
