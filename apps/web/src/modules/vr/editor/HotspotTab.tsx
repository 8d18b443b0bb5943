import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type Hotspot, type Scene, VR_DELETE_HOTSPOT_DELAY_MS } from '@tilth/contracts/vr.types';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { hotspotIconSrc } from '../viewer/hotspotIcons';
import type { ViewPosition } from '../viewer/viewMath';
import { HotspotPanel } from './HotspotPanel';
import { defaultHotspot, type HotspotDraft } from './hotspotForm';

/** List mode, or a hotspot being added / edited with the list as it was before (cancel restores it). */
export type HotspotPanelState =
  | { mode: 'list' }
  | { mode: 'add' | 'edit'; draft: HotspotDraft; before: Hotspot[] };

interface HotspotTabProps {
  tenantId: number;
  scene: Scene;
  scenes: Scene[];
  hotspots: Hotspot[];
  setHotspots: (h: Hotspot[] | ((prev: Hotspot[]) => Hotspot[])) => void;
  panel: HotspotPanelState;
  setPanel: (p: HotspotPanelState) => void;
  viewCentre: () => ViewPosition;
}

/** Hotspot tab (spec 03 §4): the list with add and delete, and the add / edit panel. */
export function HotspotTab(props: HotspotTabProps) {
  const { t } = useTranslation('vrEditor');
  const message = useMessage();
  const [modal, holder] = Modal.useModal();
  const { hotspots, setHotspots, panel, setPanel } = props;

  if (panel.mode !== 'list') {
    return (
      <HotspotPanel
        tenantId={props.tenantId}
        scene={props.scene}
        scenes={props.scenes}
        mode={panel.mode}
        draft={panel.draft}
        onDraft={(draft) => setPanel({ ...panel, draft })}
        onConfirm={(next) => {
          setHotspots(next(hotspots));
          setPanel({ mode: 'list' });
          message.success(t(panel.mode === 'add' ? 'hotspot.added' : 'hotspot.edited'));
        }}
        onCancel={() => {
          setHotspots(panel.before);
          setPanel({ mode: 'list' });
        }}
      />
    );
  }

  const add = () => {
    const centre = props.viewCentre();
    setPanel({
      mode: 'add',
      draft: defaultHotspot(
        hotspots.map((h) => h.name),
        centre,
      ),
      before: hotspots,
    });
  };

  const remove = (h: Hotspot) =>
    modal.confirm({
      title: t('hotspot.deleteQuestion'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => {
        // Removed after a short pause so the marker's disappearance reads as the answer (spec 03 §4).
        setTimeout(() => {
          setHotspots((list) => list.filter((x) => x.name !== h.name));
          message.success(t('hotspot.deleted'));
        }, VR_DELETE_HOTSPOT_DELAY_MS);
      },
    });

  return (
    <div className="tl-vr-hotspots">
      {holder}
      <Button type="dashed" block icon={<PlusOutlined />} onClick={add}>
        {t('hotspot.add')}
      </Button>
      {hotspots.length === 0 ? <p className="tl-vr-hotspots__empty">{t('hotspot.none')}</p> : null}
      <ul className="tl-vr-hotspots__list">
        {hotspots.map((h) => (
          <li key={h.name} className="tl-vr-hotspots__item">
            <button
              type="button"
              className="tl-vr-hotspots__open"
              onClick={() => setPanel({ mode: 'edit', draft: h, before: hotspots })}
            >
              <img src={hotspotIconSrc(h.url)} alt="" width={24} height={24} />
              <span className="tl-vr-hotspots__title">{h.text || h.name}</span>
              <span className="tl-vr-hotspots__type">{t(`hotspot.type.${h.HType}`)}</span>
            </button>
            <Button
              type="text"
              danger
              size="small"
              icon={<DeleteOutlined />}
              aria-label={t('hotspot.delete')}
              onClick={() => remove(h)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
