import { type Scene, VISUAL_DEFAULT } from '@tilth/contracts/vr.types';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PanoViewer, type PanoViewerHandle } from '../viewer/PanoViewer';
import { parseVisual } from '../viewer/viewMath';
import { parseHotspots } from './hotspotForm';

/**
 * 'Arrive facing' of a scene hotspot: the target scene is shown (its stored view and limits) and the
 * direction looked at when 'use this direction' is pressed becomes arriveHlookat / arriveVlookat.
 */
export function ArrivePicker(props: {
  target: Scene;
  onChoose: (at: { hlookat: number; vlookat: number }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('vrEditor');
  const viewer = useRef<PanoViewerHandle>(null);
  const { target } = props;
  const visual = useMemo(() => parseVisual(target.visualJson, VISUAL_DEFAULT), [target.visualJson]);
  const hotspots = useMemo(() => parseHotspots(target.hotSpotJson), [target.hotSpotJson]);

  return (
    <Modal
      open
      width={760}
      title={t('hotspot.arrivePickerTitle', { name: target.scenesName })}
      onCancel={props.onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={props.onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          onClick={() => {
            const at = viewer.current?.getView();
            if (at) props.onChoose({ hlookat: Math.round(at.hlookat), vlookat: Math.round(at.vlookat) });
          }}
        >
          {t('hotspot.arriveUseThis')}
        </Button>,
      ]}
    >
      <div className="tl-vr-arrive">
        <PanoViewer
          ref={viewer}
          sceneKey={target.scenesId}
          source={{
            images: target.images || target.panorama.panoramaImages,
            preview: target.previewUrl || target.panorama.panoramaPreview,
            tiles: target.panorama.tiles,
          }}
          visual={visual}
          hotspots={hotspots}
          auth="session"
        />
      </div>
    </Modal>
  );
}
