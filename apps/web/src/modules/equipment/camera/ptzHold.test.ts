import { describe, expect, it } from 'vitest';
import { bindGlobalRelease, createPtzHold } from './ptzHold';

describe('pan-tilt hold (spec 02 §4)', () => {
  it('moves on press and stops once on release', () => {
    const sent: number[] = [];
    const hold = createPtzHold((d) => sent.push(d));
    hold.press(2);
    expect(hold.moving()).toBe(true);
    // Holding does not resend (a key's auto-repeat, a second pointer).
    hold.press(2);
    hold.release();
    hold.release();
    expect(sent).toEqual([2, -1]);
    expect(hold.moving()).toBe(false);
  });

  it('sends nothing on a release without a press', () => {
    const sent: number[] = [];
    createPtzHold((d) => sent.push(d)).release();
    expect(sent).toEqual([]);
  });

  it('stops when the mouse is released anywhere on the page, or the window loses focus', () => {
    for (const type of ['mouseup', 'pointerup', 'blur']) {
      const page = new EventTarget();
      const sent: number[] = [];
      const hold = createPtzHold((d) => sent.push(d));
      const unbind = bindGlobalRelease(page, hold.release);
      hold.press(8);
      page.dispatchEvent(new Event(type));
      expect([type, sent]).toEqual([type, [8, -1]]);
      unbind();
      hold.press(0);
      page.dispatchEvent(new Event(type));
      // Unbound: the page's release no longer reaches the pad.
      expect(sent).toEqual([8, -1, 0]);
    }
  });
});
