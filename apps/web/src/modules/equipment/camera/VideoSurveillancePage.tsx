import { useQuery, useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { useShell } from '../../../shell/ShellContext';
import { type Camera, cameraApi, cameraKeys, type SplitTemplate } from './camera.api';
import { cellsOf, splitColumns } from './cameraFormat';
import { CameraPlayer } from './player/CameraPlayer';
import './camera.css';

const LAYOUTS = [1, 4, 9, 16] as const;
type Layout = (typeof LAYOUTS)[number];

/** Every camera the tenant sees, for the cells' pickers (size 0: all). */
const allCameras = (tenantId: number) =>
  cameraApi.tenantPage(tenantId, { page: 0, size: 0 }).then((p) => p.content);

/**
 * Video surveillance (/web/equipment/videosurveillance): a 1 / 4 / 9 / 16 split, a camera per cell (muted, SD),
 * saved as the user's own templates.
 */
export function VideoSurveillancePage() {
  const { t } = useTranslation(['camera', 'common']);
  const { tenantId } = useShell();
  const { modal } = App.useApp();
  const message = useMessage();
  const client = useQueryClient();
  const [layout, setLayout] = useState<Layout>(4);
  const [cells, setCells] = useState<(number | null)[]>(() => cellsOf(4, []));
  const [current, setCurrent] = useState<SplitTemplate | null>(null);
  const [newName, setNewName] = useState('');
  const templates = useQuery({
    queryKey: cameraKeys.templates(tenantId),
    queryFn: () => cameraApi.templates(tenantId),
  });
  const cameras = useQuery({ queryKey: cameraKeys.options(tenantId), queryFn: () => allCameras(tenantId) });
  const byId = new Map<number, Camera>((cameras.data ?? []).map((c) => [c.id, c]));

  const pickLayout = (next: Layout) => {
    setLayout(next);
    setCells((c) =>
      cellsOf(
        next,
        c.map((cameraId, index) => ({ index, cameraId })),
      ),
    );
  };
  const apply = (tpl: SplitTemplate | null) => {
    setCurrent(tpl);
    if (!tpl) return;
    const l = (LAYOUTS as readonly number[]).includes(tpl.layout) ? (tpl.layout as Layout) : 4;
    setLayout(l);
    setCells(cellsOf(l, tpl.cells));
  };
  const body = (name: string) => ({
    name,
    layout,
    cells: cells.map((cameraId, index) => ({ index, cameraId })).filter((c) => c.cameraId !== null),
  });
  const refresh = () => client.invalidateQueries({ queryKey: cameraKeys.templates(tenantId) });

  const save = async () => {
    try {
      const saved = current
        ? await cameraApi.updateTemplate(tenantId, {
            ...body(current.name),
            id: current.id,
            objectVersionNumber: current.objectVersionNumber,
          })
        : await cameraApi.createTemplate(tenantId, body(newName.trim()));
      setCurrent(saved);
      setNewName('');
      void message.success(t('camera:split.saved'));
      await refresh();
    } catch {
      // The client has shown the server's message.
    }
  };

  const remove = () => {
    if (!current) return;
    modal.confirm({
      title: t('camera:split.deleteConfirm', { name: current.name }),
      width: 330,
      okButtonProps: { danger: true },
      okText: t('common:action.delete'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        try {
          await cameraApi.deleteTemplate(tenantId, current.id);
          setCurrent(null);
          void message.success(t('camera:manager.deleted'));
          await refresh();
        } catch {
          // The client has shown the server's message; the template stays.
        }
      },
    });
  };

  const columns = splitColumns(layout);
  return (
    <section className="tl-card">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select<number>
          style={{ minWidth: 200 }}
          allowClear
          placeholder={t('camera:split.template')}
          value={current?.id}
          options={(templates.data ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name }))}
          onChange={(id) => apply((templates.data ?? []).find((tpl) => tpl.id === id) ?? null)}
        />
        <Segmented<Layout>
          value={layout}
          onChange={pickLayout}
          options={LAYOUTS.map((l) => ({ value: l, label: t('camera:split.layout', { count: l }) }))}
        />
        {current ? null : (
          <Input
            style={{ width: 180 }}
            maxLength={60}
            value={newName}
            placeholder={t('camera:split.namePlaceholder')}
            onChange={(e) => setNewName(e.target.value)}
          />
        )}
        <Button type="primary" disabled={!current && !newName.trim()} onClick={() => void save()}>
          {current ? t('camera:split.save') : t('camera:split.saveNew')}
        </Button>
        {current ? (
          <Button danger onClick={remove}>
            {t('common:action.delete')}
          </Button>
        ) : null}
      </Space>
      <div className="tl-cam-split" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {cells.map((cameraId, index) => {
          const cam = cameraId !== null ? byId.get(cameraId) : undefined;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions of the split
            <div key={index} className="tl-cam-split__cell">
              <Select<number>
                className="tl-cam-split__pick"
                size="small"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('camera:split.pickCamera')}
                value={cameraId ?? undefined}
                options={(cameras.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                onChange={(id) => setCells((cs) => cs.map((x, i) => (i === index ? (id ?? null) : x)))}
              />
              {cam ? <CameraPlayer key={cam.id} tenantId={tenantId} camera={cam} compact /> : null}
            </div>
          );
        })}
      </div>
    </section>
  );
}
