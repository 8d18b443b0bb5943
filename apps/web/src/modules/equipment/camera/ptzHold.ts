import { PTZ_STOP } from './cameraFormat';

// Spec 02 §4: pressing a direction starts moving; releasing sends stop (−1); a mouse-up anywhere stops too.
// Kept apart from the pad's buttons so the rule is tested without a browser.

export interface PtzHold {
  press: (direction: number) => void;
  /** Sends stop once after a press; further releases (the button's and the page's) send nothing. */
  release: () => void;
  moving: () => boolean;
}

export const createPtzHold = (send: (direction: number) => void): PtzHold => {
  let moving = false;
  return {
    press: (direction) => {
      if (moving) return;
      moving = true;
      send(direction);
    },
    release: () => {
      if (!moving) return;
      moving = false;
      send(PTZ_STOP);
    },
    moving: () => moving,
  };
};

const RELEASE_EVENTS = ['mouseup', 'pointerup', 'touchend', 'blur'] as const;

/** Any release on the page (or leaving the window) ends a hold; answers the unbinding. */
export const bindGlobalRelease = (target: EventTarget, release: () => void): (() => void) => {
  for (const e of RELEASE_EVENTS) target.addEventListener(e, release);
  return () => {
    for (const e of RELEASE_EVENTS) target.removeEventListener(e, release);
  };
};
