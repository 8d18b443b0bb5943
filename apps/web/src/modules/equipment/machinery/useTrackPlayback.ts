import type { TrackPoint } from '@tilth/contracts/device-family.types';
import { useCallback, useEffect, useState } from 'react';

/** Playback speeds: track points advanced per tick. */
export const PLAYBACK_SPEEDS = [1, 5, 20] as const;
const TICK_MS = 200;

/** Steps a marker along a track: play, pause, seek, speed; stops at the end. */
export const useTrackPlayback = (track: readonly TrackPoint[] | undefined) => {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(PLAYBACK_SPEEDS[1]);
  const last = Math.max(0, (track?.length ?? 0) - 1);
  // A new track starts at its end (the latest position), paused.
  useEffect(() => {
    setIndex(Math.max(0, (track?.length ?? 0) - 1));
    setPlaying(false);
  }, [track]);
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      setIndex((i) => {
        const next = Math.min(last, i + speed);
        if (next >= last) setPlaying(false);
        return next;
      });
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [playing, speed, last]);
  const play = useCallback(() => {
    // From the start again when at the end.
    setIndex((i) => (i >= last ? 0 : i));
    setPlaying(true);
  }, [last]);
  const pause = useCallback(() => setPlaying(false), []);
  return { index: Math.min(index, last), last, playing, speed, setSpeed, play, pause, seek: setIndex };
};
export type TrackPlayback = ReturnType<typeof useTrackPlayback>;
