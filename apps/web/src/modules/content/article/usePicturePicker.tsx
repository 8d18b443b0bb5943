import { type ReactNode, useRef, useState } from 'react';
import { PicturePickerModal } from '../media/PicturePickerModal';

export interface PickedPicture {
  src: string;
  alt?: string;
}

/**
 * The picture library's picker as a promise: `pick()` opens it and resolves with the chosen picture, or
 * null when closed. Render `modal` once in the page.
 */
export const usePicturePicker = (): { pick: () => Promise<PickedPicture | null>; modal: ReactNode } => {
  const [open, setOpen] = useState(false);
  const resolver = useRef<((p: PickedPicture | null) => void) | null>(null);
  const settle = (p: PickedPicture | null) => {
    resolver.current?.(p);
    resolver.current = null;
    setOpen(false);
  };
  const pick = () =>
    new Promise<PickedPicture | null>((resolve) => {
      // A picker still waiting (opened twice) gives up its answer.
      resolver.current?.(null);
      resolver.current = resolve;
      setOpen(true);
    });
  const modal = <PicturePickerModal open={open} onCancel={() => settle(null)} onPick={(p) => settle(p)} />;
  return { pick, modal };
};
