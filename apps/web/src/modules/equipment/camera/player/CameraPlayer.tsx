import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Segmented from 'antd/es/segmented';
import { type MutableRefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { type Camera, cameraApi, cameraKeys } from '../camera.api';
import { CAMERA_DISABLED_CODE, CHINA_MOBILE_ENTER, DISABLED_NOTICE_SECONDS, mmss } from '../cameraFormat';
import { type AttachedStream, attachStream } from './attachStream';
import { Timeline } from './Timeline';
import { canRecord, useLocalRecording } from './useLocalRecording';
import './player.css';

export type PlayerMode = 'live' | 'playback';
export type Quality = 'hd' | 'sd';
export type Speed = 1 | 2 | 4;

export interface CameraPlayerProps {
  tenantId: number;
  camera: Pick<Camera, 'id' | 'name' | 'cameraEnter' | 'status'>;
  /** A split-screen cell: SD, muted, no controls. */
  compact?: boolean;
  /** The <video>, for the modal's screenshot. */
  videoRef?: MutableRefObject<HTMLVideoElement | null>;
  onPlayingChange?: (playing: boolean) => void;
}

const HOUR = 3_600_000;
/** The timeline shows the last 24 hours (the server keeps at most that much for the demo). */
const WINDOW = 24 * HOUR;

/** Spec 02 §2 player: live or playback, HD / SD, 1× 2× 4×, sound, local recording (mm:ss), a timeline. */
export function CameraPlayer({
  tenantId,
  camera,
  compact = false,
  videoRef,
  onPlayingChange,
}: CameraPlayerProps) {
  const { t } = useTranslation('camera');
  const message = useMessage();
  const ownRef = useRef<HTMLVideoElement | null>(null);
  const [mode, setMode] = useState<PlayerMode>('live');
  const [quality, setQuality] = useState<Quality>(compact ? 'sd' : 'hd');
  const [speed, setSpeed] = useState<Speed>(1);
  const [muted, setMuted] = useState(true);
  const [playing, setPlaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [iframeUrl, setIframeUrl] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  // The timeline ends when playback is chosen: what was recorded while the live view played counts.
  const [windowEnd, setWindowEnd] = useState(() => Date.now());
  const [playFrom, setPlayFrom] = useState<number | null>(null);
  const disabled = camera.status === 0 || failure === CAMERA_DISABLED_CODE;
  const rec = useLocalRecording(ownRef, camera.name.replace(/[^\w-]+/g, '_') || 'camera');

  const setVideo = useCallback(
    (el: HTMLVideoElement | null) => {
      ownRef.current = el;
      if (videoRef) videoRef.current = el;
    },
    [videoRef],
  );

  const recordings = useQuery({
    queryKey: cameraKeys.recordings(tenantId, camera.id, new Date(windowEnd).toISOString()),
    queryFn: () =>
      cameraApi.recordings(
        tenantId,
        camera.id,
        new Date(windowEnd - WINDOW).toISOString(),
        new Date(windowEnd).toISOString(),
      ),
    enabled: mode === 'playback' && !disabled,
  });
  const spans = recordings.data?.spans ?? [];
  // Without a pick, playback starts ten minutes before the end of what is recorded (or where the last
  // recording starts, when it is shorter).
  const last = spans.at(-1);
  const lastEnd = last ? Date.parse(last.to) : windowEnd;
  const start = playFrom ?? Math.max(lastEnd - 10 * 60_000, last ? Date.parse(last.from) : 0);

  const changePlaying = useCallback(
    (next: boolean) => {
      setPlaying(next);
      onPlayingChange?.(next);
    },
    [onPlayingChange],
  );

  // Reopens the stream when the camera, mode, quality, speed or picked start change (or on retry); `start`
  // and the callbacks are read then, not followed as they change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (camera.status === 0) {
      void message.warning({ content: t('disabled'), duration: DISABLED_NOTICE_SECONDS });
      return;
    }
    const video = ownRef.current;
    let cancelled = false;
    let stream: AttachedStream | null = null;
    setFailure(null);
    const onError = (text: string) => {
      if (cancelled) return;
      setFailure(text);
      changePlaying(false);
      void message.warning(t('player.error', { message: text }));
    };
    const open = async () => {
      const source =
        mode === 'live'
          ? await cameraApi.live(tenantId, camera.id).then((l) => ({
              url: quality === 'hd' && l.hdUrl ? l.hdUrl : l.url,
              kind: camera.cameraEnter === CHINA_MOBILE_ENTER ? ('iframe' as const) : l.kind,
            }))
          : await cameraApi.playback(tenantId, camera.id, {
              from: new Date(start).toISOString(),
              to: new Date(Math.min(start + HOUR, Date.now())).toISOString(),
              speed,
            });
      if (cancelled) return;
      if (source.kind === 'iframe') {
        setIframeUrl(source.url);
        return;
      }
      setIframeUrl(null);
      if (!video) return;
      stream = await attachStream(video, source, mode === 'live', onError);
      if (cancelled) stream.destroy();
    };
    open().catch((err: unknown) => {
      if (cancelled) return;
      if (err instanceof ApiError && err.code === CAMERA_DISABLED_CODE) {
        setFailure(CAMERA_DISABLED_CODE);
        void message.warning({ content: t('disabled'), duration: DISABLED_NOTICE_SECONDS });
        return;
      }
      onError(err instanceof Error && err.message ? err.message : t('player.failed'));
    });
    return () => {
      cancelled = true;
      stream?.destroy();
      changePlaying(false);
    };
  }, [tenantId, camera.id, camera.status, camera.cameraEnter, mode, quality, speed, playFrom, reload]);

  useEffect(() => {
    if (ownRef.current) ownRef.current.muted = muted;
  }, [muted]);

  if (iframeUrl !== null) {
    return (
      <div className="tl-cam-player">
        <div className="tl-cam-player__screen">
          <iframe title={camera.name} src={iframeUrl} allow="autoplay; fullscreen" />
        </div>
      </div>
    );
  }

  const overlay = disabled
    ? t('disabled')
    : failure
      ? t('player.failedRetry')
      : playing
        ? null
        : t('player.loading');

  return (
    <div className="tl-cam-player">
      <div className="tl-cam-player__screen">
        <video
          ref={setVideo}
          muted={muted}
          playsInline
          autoPlay
          onPlaying={() => changePlaying(true)}
          onPause={() => changePlaying(false)}
          onEmptied={() => changePlaying(false)}
        />
        {overlay ? (
          <button
            type="button"
            className="tl-cam-player__overlay"
            style={{ border: 0, cursor: failure ? 'pointer' : 'default' }}
            onClick={() => (failure && !disabled ? setReload((n) => n + 1) : undefined)}
          >
            {overlay}
          </button>
        ) : null}
        {rec.recording ? <span className="tl-cam-player__rec">● {mmss(rec.seconds)}</span> : null}
      </div>
      {compact ? null : (
        <>
          <div className="tl-cam-player__bar">
            <Segmented<PlayerMode>
              size="small"
              value={mode}
              onChange={(m) => {
                if (m === 'playback') {
                  setWindowEnd(Date.now());
                  setPlayFrom(null);
                }
                setMode(m);
              }}
              options={[
                { value: 'live', label: t('player.live') },
                { value: 'playback', label: t('player.playback') },
              ]}
            />
            {mode === 'live' ? (
              <Segmented<Quality>
                size="small"
                value={quality}
                onChange={setQuality}
                options={[
                  { value: 'hd', label: t('player.hd') },
                  { value: 'sd', label: t('player.sd') },
                ]}
              />
            ) : (
              <Segmented<Speed>
                size="small"
                value={speed}
                onChange={setSpeed}
                options={[1, 2, 4].map((s) => ({ value: s as Speed, label: `${s}×` }))}
              />
            )}
            <Button size="small" onClick={() => setMuted((m) => !m)}>
              {muted ? t('player.soundOn') : t('player.soundOff')}
            </Button>
            <Button
              size="small"
              danger={rec.recording}
              disabled={!playing && !rec.recording}
              onClick={() => {
                if (rec.recording) rec.stop();
                else if (!canRecord(ownRef.current) || !rec.start())
                  void message.warning(t('player.cannotRecord'));
              }}
            >
              {rec.recording ? t('player.stopRecording', { time: mmss(rec.seconds) }) : t('player.record')}
            </Button>
            <span>{playing ? t('player.playing') : t('player.stopped')}</span>
          </div>
          {mode === 'playback' ? (
            <Timeline
              spans={spans}
              from={windowEnd - WINDOW}
              to={windowEnd}
              at={start}
              onPick={setPlayFrom}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
