import '@photo-sphere-viewer/core/index.css';
import '@photo-sphere-viewer/markers-plugin/index.css';
import { type Position, Viewer } from '@photo-sphere-viewer/core';
import { EquirectangularTilesAdapter } from '@photo-sphere-viewer/equirectangular-tiles-adapter';
import { type MarkerConfig, MarkersPlugin } from '@photo-sphere-viewer/markers-plugin';
import type { PanoramaTiles } from '@tilth/contracts/panorama.types';
import type { Hotspot, Visual } from '@tilth/contracts/vr.types';
import { type CSSProperties, forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { getAccessToken } from '../../../shared/storage';
import { hotspotIconSrc } from './hotspotIcons';
import {
  clampToLimits,
  fovToZoom,
  hToYaw,
  pitchToV,
  psvFov,
  tilesPanorama,
  type ViewPosition,
  vToPitch,
  yawToH,
  zoomToFov,
} from './viewMath';
import { deviceLimits } from './webgl';
import './panoViewer.css';

/** What a scene shows: the tile root, the 2048×1024 preview and the pyramid (null: the preview alone). */
export interface PanoSource {
  images: string;
  preview: string;
  tiles: PanoramaTiles | null;
}

export interface PanoViewerHandle {
  /** The direction and fov looked at now, in the stored degrees. */
  getView: () => ViewPosition;
  /** Turns to a direction (and fov when given), animated unless `instant`. */
  lookAt: (view: Partial<ViewPosition>, instant?: boolean) => void;
}

export interface PanoViewerProps {
  /** Changing it loads another panorama (a scene switch). */
  sceneKey: string | number;
  source: PanoSource;
  visual: Visual;
  hotspots: readonly Hotspot[];
  /** Where to face when this scene is entered (a switch hotspot's arriving direction), else the initial view. */
  arrive?: { hlookat: number; vlookat: number } | null;
  /** 'session': tiles and previews are read with the console's Bearer token; 'none' on public pages. */
  auth: 'session' | 'none';
  /** Hotspots can be dragged (the editor). */
  editable?: boolean;
  selectedHotspot?: string | null;
  onHotspotClick?: (hotspot: Hotspot) => void;
  onHotspotMove?: (name: string, position: { ath: number; atv: number }) => void;
  /** After the panorama of `sceneKey` is shown. */
  onReady?: () => void;
  className?: string;
  style?: CSSProperties;
}

const markerOf = (h: Hotspot, selected: boolean, editable: boolean): MarkerConfig => {
  const size = Math.max(4, Number(h.width) || 50);
  const height = Math.max(4, Number(h.height) || 50);
  return {
    id: h.name,
    image: hotspotIconSrc(h.url),
    size: { width: size, height },
    position: { yaw: hToYaw(h.ath), pitch: vToPitch(h.atv) },
    anchor: 'center center',
    tooltip: h.text.trim() ? { content: h.text.trim(), position: 'top center' } : undefined,
    className: `tl-vr-marker${selected ? ' tl-vr-marker--selected' : ''}${editable ? ' tl-vr-marker--editable' : ''}`,
    data: { name: h.name },
  };
};

const MARKER_PREFIX = 'psv-marker-';

/** The panorama viewer of the editor, the preview and the public page (Photo Sphere Viewer 5). */
export const PanoViewer = forwardRef<PanoViewerHandle, PanoViewerProps>(function PanoViewer(props, ref) {
  const host = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<Viewer | null>(null);
  const markersRef = useRef<MarkersPlugin | null>(null);
  // The latest props for the viewer's listeners, which are bound once.
  const latest = useRef(props);
  latest.current = props;

  useImperativeHandle(ref, () => ({
    getView: () => {
      const v = viewerRef.current;
      if (!v) return { hlookat: props.visual.hlookat, vlookat: props.visual.vlookat, fov: props.visual.fov };
      const p = v.getPosition();
      return {
        hlookat: yawToH(p.yaw),
        vlookat: pitchToV(p.pitch),
        fov: v.dataHelper.zoomLevelToFov(v.getZoomLevel()),
      };
    },
    lookAt: (view, instant) => {
      const v = viewerRef.current;
      if (!v) return;
      const now = v.getPosition();
      const position = {
        yaw: view.hlookat === undefined ? now.yaw : hToYaw(view.hlookat),
        pitch: view.vlookat === undefined ? now.pitch : vToPitch(view.vlookat),
      };
      const { fovmin, fovmax } = latest.current.visual;
      const zoom = view.fov === undefined ? undefined : fovToZoom(view.fov, fovmin, fovmax);
      if (instant) {
        v.rotate(position);
        if (zoom !== undefined) v.zoom(zoom);
      } else {
        void v.animate({ ...position, zoom, speed: 1000 });
      }
    },
  }));

  // One viewer per mount; every WebGL resource goes with it on unmount.
  useEffect(() => {
    const container = host.current;
    if (!container) return;
    const viewer = new Viewer({
      container,
      adapter: EquirectangularTilesAdapter.withConfig({ showErrorTile: false }),
      navbar: false,
      loadingTxt: '',
      minFov: psvFov(latest.current.visual.fovmin),
      maxFov: psvFov(latest.current.visual.fovmax),
      mousewheelCtrlKey: false,
      // Read on every request, so a refreshed token is used from then on.
      requestHeaders: (): Record<string, string> => {
        if (latest.current.auth !== 'session') return {};
        const token = getAccessToken();
        return token ? { Authorization: `Bearer ${token}` } : {};
      },
      // No initial `markers` config: the plugin applies it on the first 'ready' and so would wipe the
      // hotspots the effect below set before the panorama loaded (the preview never re-sets them).
      plugins: [MarkersPlugin],
    });
    const markers = viewer.getPlugin<MarkersPlugin>(MarkersPlugin);
    viewerRef.current = viewer;
    markersRef.current = markers;

    // The view's limits: every rotation is held inside them (PSV has no yaw/pitch range of its own).
    viewer.addEventListener('before-rotate', (e) => {
      const limits = latest.current.visual;
      const c = clampToLimits(yawToH(e.position.yaw), pitchToV(e.position.pitch), limits);
      e.position = { yaw: hToYaw(c.h), pitch: vToPitch(c.v) } satisfies Position;
    });

    markers.addEventListener('select-marker', (e) => {
      if (latest.current.editable) return; // the editor's own pointer handling reports clicks
      const h = latest.current.hotspots.find((x) => x.name === e.marker.id);
      if (h) latest.current.onHotspotClick?.(h);
    });

    // Dragging a hotspot (editor): the press on a marker is kept from PSV, which would turn the view.
    let drag: { id: string; x: number; y: number; moved: boolean } | null = null;
    const pointOf = (e: MouseEvent | TouchEvent) => {
      const p = 'touches' in e ? (e.touches[0] ?? e.changedTouches[0]) : e;
      return p ? { x: p.clientX, y: p.clientY } : null;
    };
    const onDown = (e: MouseEvent | TouchEvent) => {
      if (!latest.current.editable) return;
      const el = e.target instanceof Element ? e.target.closest('.psv-marker') : null;
      if (!el?.id.startsWith(MARKER_PREFIX)) return;
      const p = pointOf(e);
      if (!p) return;
      e.stopPropagation();
      e.preventDefault();
      drag = { id: el.id.slice(MARKER_PREFIX.length), x: p.x, y: p.y, moved: false };
    };
    const spherical = (p: { x: number; y: number }) => {
      const rect = container.getBoundingClientRect();
      const s = viewer.dataHelper.viewerCoordsToSphericalCoords({ x: p.x - rect.left, y: p.y - rect.top });
      return { ath: Math.round(yawToH(s.yaw) * 10) / 10, atv: Math.round(pitchToV(s.pitch) * 10) / 10 };
    };
    const onMove = (e: MouseEvent | TouchEvent) => {
      if (!drag) return;
      const p = pointOf(e);
      if (!p) return;
      if (!drag.moved && Math.hypot(p.x - drag.x, p.y - drag.y) < 4) return;
      drag.moved = true;
      const s = spherical(p);
      markers.updateMarker({ id: drag.id, position: { yaw: hToYaw(s.ath), pitch: vToPitch(s.atv) } });
    };
    const onUp = (e: MouseEvent | TouchEvent) => {
      if (!drag) return;
      const done = drag;
      drag = null;
      const p = pointOf(e);
      if (done.moved && p) {
        latest.current.onHotspotMove?.(done.id, spherical(p));
        return;
      }
      const h = latest.current.hotspots.find((x) => x.name === done.id);
      if (h) latest.current.onHotspotClick?.(h);
    };
    container.addEventListener('mousedown', onDown, true);
    container.addEventListener('touchstart', onDown, { capture: true, passive: false });
    window.addEventListener('mousemove', onMove);
    window.addEventListener('touchmove', onMove);
    window.addEventListener('mouseup', onUp);
    window.addEventListener('touchend', onUp);

    return () => {
      container.removeEventListener('mousedown', onDown, true);
      container.removeEventListener('touchstart', onDown, true);
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('mouseup', onUp);
      window.removeEventListener('touchend', onUp);
      viewerRef.current = null;
      markersRef.current = null;
      // destroy() disposes textures, meshes and the three.js renderer, but three keeps the WebGL context
      // alive; browsers allow ~16, so it is lost on purpose (WEBGL_lose_context) once the viewer is gone.
      const canvas = container.querySelector('canvas');
      const gl = canvas?.getContext('webgl2') ?? canvas?.getContext('webgl');
      viewer.destroy();
      gl?.getExtension('WEBGL_lose_context')?.loseContext();
    };
  }, []);

  // A scene: its panorama, entered facing the arriving direction or the initial view.
  const { sceneKey, source } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new scene is what reloads; its source comes with it
  useEffect(() => {
    const viewer = viewerRef.current;
    if (!viewer) return;
    const { visual, arrive } = latest.current;
    const panorama = source.tiles
      ? tilesPanorama(source.images, source.preview, source.tiles, deviceLimits())
      : // Not tiled yet: the preview as a single-level pyramid of one tile.
        { baseUrl: source.preview, width: 2048, cols: 1, rows: 1, tileUrl: () => null };
    const start = arrive ?? { hlookat: visual.hlookat, vlookat: visual.vlookat };
    viewer.setOption('minFov', psvFov(visual.fovmin));
    viewer.setOption('maxFov', psvFov(visual.fovmax));
    void viewer
      .setPanorama(panorama, {
        position: { yaw: hToYaw(start.hlookat), pitch: vToPitch(start.vlookat) },
        zoom: fovToZoom(visual.fov, visual.fovmin, visual.fovmax),
        transition: false,
        showLoader: true,
      })
      .then((done) => {
        if (!done) return;
        // A User Timing mark on the frame after the scene is drawn (read by bench/vr-browser.bench.mjs).
        requestAnimationFrame(() => performance.mark('tl-vr-scene-shown', { detail: { sceneKey } }));
        latest.current.onReady?.();
      })
      .catch(() => undefined);
  }, [sceneKey]);

  // The view's fov range follows the form at once; the direction is re-clamped into new limits.
  const { visual } = props;
  useEffect(() => {
    const viewer = viewerRef.current;
    if (!viewer) return;
    const fov = viewer.dataHelper.zoomLevelToFov(viewer.getZoomLevel());
    viewer.setOptions({ minFov: psvFov(visual.fovmin), maxFov: psvFov(visual.fovmax) });
    viewer.zoom(
      fovToZoom(Math.min(Math.max(fov, visual.fovmin), visual.fovmax), visual.fovmin, visual.fovmax),
    );
    viewer.rotate(viewer.getPosition());
  }, [visual]);

  // Hotspots as image markers.
  const { hotspots, selectedHotspot, editable } = props;
  useEffect(() => {
    markersRef.current?.setMarkers(
      hotspots.map((h) => markerOf(h, h.name === selectedHotspot, Boolean(editable))),
    );
  }, [hotspots, selectedHotspot, editable]);

  return <div ref={host} className={`tl-vr-viewer ${props.className ?? ''}`} style={props.style} />;
});

export { zoomToFov };
