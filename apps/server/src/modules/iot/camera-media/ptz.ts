import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PtzDirection } from './provider.types.js';
import { moved, type View } from './view.js';

export interface PresetEntry {
  name: string;
  view: View;
}

/** Where a camera's presets are kept between restarts, as a real camera keeps them (wvp #1840). */
export interface PresetStore {
  load(): Map<number, PresetEntry>;
  save(presets: ReadonlyMap<number, PresetEntry>): void;
}

/**
 * A demo camera's pan / tilt / zoom: where it looks, the direction held (applied continuously, up to the
 * moment it is read) and its presets (kept by the store; the camera API keeps their names in the database).
 */
export class PtzState {
  private motion: { direction: PtzDirection; speed: number; at: number } | undefined;
  private readonly presets: Map<number, PresetEntry>;

  constructor(
    private current: View,
    private readonly store?: PresetStore,
  ) {
    this.presets = store?.load() ?? new Map();
  }

  get moving(): boolean {
    return this.motion !== undefined;
  }

  /** The view now, with a held motion applied up to this moment. */
  view(now = Date.now()): View {
    if (this.motion) {
      this.current = moved(
        this.current,
        this.motion.direction,
        (now - this.motion.at) / 1000,
        this.motion.speed,
      );
      this.motion.at = now;
    }
    return this.current;
  }

  /** Starts moving in a direction until −1 (which stops where the view is). */
  press(direction: PtzDirection, speed = 1): void {
    this.view();
    this.motion = direction === -1 ? undefined : { direction, speed, at: Date.now() };
  }

  presetSet(index: number, name: string): void {
    this.presets.set(index, { name, view: { ...this.view() } });
    this.store?.save(this.presets);
  }

  /** Goes to a preset (stopping any motion); false when there is none at that index. */
  presetGo(index: number): boolean {
    const p = this.presets.get(index);
    if (!p) return false;
    this.motion = undefined;
    this.current = { ...p.view };
    return true;
  }

  presetDelete(index: number): void {
    if (this.presets.delete(index)) this.store?.save(this.presets);
  }
}

const isView = (v: unknown): v is View =>
  typeof v === 'object' &&
  v !== null &&
  ['cx', 'cy', 'zoom'].every((k) => typeof (v as Record<string, unknown>)[k] === 'number');

/** Presets in a small JSON file (written whole, then renamed, so a crash never leaves half a file). */
export const presetFile = (file: string): PresetStore => ({
  load: () => {
    const out = new Map<number, PresetEntry>();
    try {
      const raw = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      if (!Array.isArray(raw)) return out;
      for (const e of raw) {
        if (Number.isInteger(e?.index) && typeof e?.name === 'string' && isView(e?.view))
          out.set(e.index, { name: e.name, view: e.view });
      }
    } catch {
      // None saved yet (or unreadable): the camera starts without presets.
    }
    return out;
  },
  save: (presets) => {
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.tmp`;
    writeFileSync(tmp, JSON.stringify([...presets].map(([index, p]) => ({ index, ...p }))));
    renameSync(tmp, file);
  },
});
