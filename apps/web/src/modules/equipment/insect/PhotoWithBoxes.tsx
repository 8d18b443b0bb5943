import { useImageSrc } from '../../../shared/file/fileImage';
import type { InsectRecord } from './insect.api';

/** A trap photo with its boxes drawn over it (boxes are fractions of the image, so any size fits). */
export function PhotoWithBoxes({
  record,
  url,
  alt,
  selected = -1,
}: {
  record: Pick<InsectRecord, 'boxes'>;
  /** The image address (a resized variant for thumbnails). */
  url: string | null;
  alt: string;
  selected?: number;
}) {
  const src = useImageSrc(url);
  return (
    <div className="tl-insect-photo">
      {src ? <img src={src} alt={alt} /> : <div style={{ aspectRatio: '4 / 3' }} />}
      {src
        ? record.boxes.map((b, i) => {
            const [x = 0, y = 0, w = 0, h = 0] = b.box;
            return (
              <span
                // Boxes have no id; their order is stable for a given record version.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={i}
                className={`tl-insect-photo__box${i === selected ? ' tl-insect-photo__box--selected' : ''}`}
                style={{
                  left: `${x * 100}%`,
                  top: `${y * 100}%`,
                  width: `${w * 100}%`,
                  height: `${h * 100}%`,
                }}
                title={b.name}
              />
            );
          })
        : null}
    </div>
  );
}
