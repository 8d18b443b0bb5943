import { PestPhotosPanel } from './PestPhotosPanel';

/** equipment/canvas-drawSign: trap photos of every station, to open and label by drawing. */
export function CanvasDrawSignPage() {
  return (
    <section className="tl-card">
      <PestPhotosPanel />
    </section>
  );
}
