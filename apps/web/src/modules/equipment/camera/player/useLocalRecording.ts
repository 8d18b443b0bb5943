import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

// Local recording of what the player shows: MediaRecorder on the video element's captureStream, saved as
// a download when stopped. Nothing is uploaded.

type CapturableVideo = HTMLVideoElement & { captureStream?: () => MediaStream };

export const canRecord = (video: HTMLVideoElement | null): boolean =>
  Boolean(video && typeof (video as CapturableVideo).captureStream === 'function') &&
  typeof MediaRecorder !== 'undefined';

const download = (blob: Blob, name: string): void => {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
};

export const useLocalRecording = (videoRef: RefObject<HTMLVideoElement | null>, fileBase: string) => {
  const recorder = useRef<MediaRecorder | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [recording, setRecording] = useState(false);

  useEffect(() => {
    if (!recording) return;
    const started = Date.now();
    setSeconds(0);
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 500);
    return () => clearInterval(timer);
  }, [recording]);

  const stop = useCallback(() => {
    recorder.current?.stop();
    recorder.current = null;
    setRecording(false);
  }, []);

  /** false when this browser cannot record the video. */
  const start = useCallback((): boolean => {
    const video = videoRef.current as CapturableVideo | null;
    if (!video || !canRecord(video) || !video.captureStream) return false;
    const chunks: Blob[] = [];
    const type = MediaRecorder.isTypeSupported('video/webm;codecs=vp9')
      ? 'video/webm;codecs=vp9'
      : 'video/webm';
    const rec = new MediaRecorder(video.captureStream(), { mimeType: type });
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    rec.onstop = () => {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      download(new Blob(chunks, { type: 'video/webm' }), `${fileBase}-${stamp}.webm`);
    };
    rec.start(1000);
    recorder.current = rec;
    setRecording(true);
    return true;
  }, [videoRef, fileBase]);

  // Leaving the player ends (and saves) a recording in progress.
  useEffect(() => () => recorder.current?.stop(), []);

  return { recording, seconds, start, stop };
};
