import type { PtzDirection } from './provider.types.js';
import { moved, type View } from './view.js';

/**
 * A demo camera's pan / tilt / zoom: where it looks, the direction held (applied continuously, up to the
 * moment it is read) and its presets (in memory; the camera API keeps their names in the database).
 */
export class PtzState {
  private motion: { direction: PtzDirection; speed: number; at: number } | undefined;
  private readonly presets = new Map<number, { name: string; view: View }>();

  constructor(private current: View) {}

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
    this.presets.delete(index);
  }
}
