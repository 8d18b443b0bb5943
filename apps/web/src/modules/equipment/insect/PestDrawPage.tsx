import { useQuery, useQueryClient } from '@tanstack/react-query';
import AutoComplete from 'antd/es/auto-complete';
import Button from 'antd/es/button';
import List from 'antd/es/list';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import { type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../shared/FeedbackProvider';
import { useImageSrc } from '../../../shared/file/fileImage';
import { formatDateTime } from '../../../shared/format/time';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { useShell } from '../../../shell/ShellContext';
import { type InsectBox, insectApi, insectKeys } from './insect.api';
import { type Box, boxAt, boxFromDrag, countsOf, insectLabel } from './insectFormat';
import { editCodeOf } from './PestPhotosPanel';
import './insect.css';

type Point = { x: number; y: number };

/** equipment/pest/draw/:id: correct a trap photo by drawing a box around each insect and naming it. */
export function PestDrawPage() {
  const { t } = useTranslation(['insect', 'common']);
  const { tenantId } = useShell();
  const { id: idText } = useParams();
  const id = Number(idText);
  const navigate = useNavigate();
  const message = useMessage();
  const queryClient = useQueryClient();
  const record = useQuery({
    queryKey: insectKeys.record(tenantId, id),
    queryFn: () => insectApi.record(tenantId, id),
    enabled: Number.isSafeInteger(id) && id > 0,
  });
  const types = useQuery({ queryKey: insectKeys.types(tenantId), queryFn: () => insectApi.types(tenantId) });
  const src = useImageSrc(record.data?.fileUrl);
  const [boxes, setBoxes] = useState<InsectBox[]>([]);
  const [selected, setSelected] = useState(-1);
  const [name, setName] = useState('');
  const [drag, setDrag] = useState<{ from: Point; to: Point } | null>(null);
  const [saving, setSaving] = useState(false);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const image = useRef<HTMLImageElement | null>(null);
  const unidentified = t('insect:unidentified');

  useEffect(() => {
    if (record.data) setBoxes(record.data.boxes.map((b) => ({ name: b.name, box: b.box as Box })));
  }, [record.data]);
  useEffect(() => {
    if (!name && types.data?.[0]) setName(types.data[0].name);
  }, [types.data, name]);

  // Redraw the photo and every box whenever they change.
  useEffect(() => {
    const c = canvas.current;
    const img = image.current;
    if (!c || !img || !src) return;
    const paint = () => {
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const g = c.getContext('2d');
      if (!g) return;
      g.drawImage(img, 0, 0);
      const line = Math.max(2, Math.round(c.width / 400));
      const all = drag
        ? [...boxes, { name, box: boxFromDrag(drag.from, drag.to, 0) ?? [0, 0, 0, 0] }]
        : boxes;
      all.forEach((b, i) => {
        const [x, y, w, h] = b.box;
        g.lineWidth = line;
        g.strokeStyle = i === selected ? '#1677ff' : b.name === 'unidentified' ? '#faad14' : '#ff4d4f';
        g.strokeRect(x * c.width, y * c.height, w * c.width, h * c.height);
      });
    };
    if (img.complete) paint();
    else img.onload = paint;
  }, [src, boxes, selected, drag, name]);

  const at = (e: PointerEvent<HTMLCanvasElement>): Point => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: (e.clientX - r.left) / r.width, y: (e.clientY - r.top) / r.height };
  };
  const onDown = (e: PointerEvent<HTMLCanvasElement>) => {
    const p = at(e);
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({ from: p, to: p });
  };
  const onMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (drag) setDrag({ from: drag.from, to: at(e) });
  };
  const onUp = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drag) return;
    const box = boxFromDrag(drag.from, at(e));
    setDrag(null);
    if (box) {
      const label = name.trim() || 'unidentified';
      setBoxes((bs) => [...bs, { name: label, box }]);
      setSelected(boxes.length);
    } else {
      // A click without a drag selects the box under the pointer.
      setSelected(boxAt(boxes, drag.from));
    }
  };
  const removeSelected = () => {
    if (selected < 0) return;
    setBoxes((bs) => bs.filter((_, i) => i !== selected));
    setSelected(-1);
  };
  const renameSelected = (next: string) => {
    setName(next);
    if (selected >= 0 && next.trim()) {
      setBoxes((bs) => bs.map((b, i) => (i === selected ? { ...b, name: next.trim() } : b)));
    }
  };
  const counts = useMemo(() => countsOf(boxes), [boxes]);

  const save = async () => {
    if (!record.data) return;
    setSaving(true);
    try {
      await insectApi.draw(tenantId, id, record.data.objectVersionNumber, boxes);
      message.success(t('insect:draw.saved'));
      await queryClient.invalidateQueries({ queryKey: insectKeys.all(tenantId) });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) await record.refetch();
    } finally {
      setSaving(false);
    }
  };

  if (record.isError || (!record.isLoading && !record.data)) {
    return (
      <section className="tl-card">
        <EmptyState variant="noData" size="small" title={t('insect:empty')} />
      </section>
    );
  }
  const r = record.data;
  return (
    <section className="tl-card">
      <Spin spinning={record.isLoading || !src}>
        <div className="tl-insect-toolbar">
          <Button onClick={() => navigate(-1)}>{t('common:action.back')}</Button>
          {r ? (
            <span>
              {r.deviceName} · {formatDateTime(r.takenAt, 'YYYY-MM-DD HH:mm')}
            </span>
          ) : null}
        </div>
        {r && !r.fileUrl ? (
          <EmptyState variant="noData" size="small" title={t('insect:draw.noPhoto')} />
        ) : (
          <div className="tl-insect-draw">
            <div>
              {src ? <img ref={image} src={src} alt="" style={{ display: 'none' }} /> : null}
              <canvas
                ref={canvas}
                aria-label={t('insect:draw.canvas')}
                onPointerDown={onDown}
                onPointerMove={onMove}
                onPointerUp={onUp}
                onKeyDown={(e) => (e.key === 'Delete' || e.key === 'Backspace') && removeSelected()}
                tabIndex={0}
              />
              <p className="tl-insect-note">{t('insect:draw.help')}</p>
            </div>
            <div>
              <Space direction="vertical" style={{ width: '100%' }}>
                <span>{t('insect:draw.name')}</span>
                <AutoComplete
                  style={{ width: '100%' }}
                  value={name}
                  onChange={renameSelected}
                  options={(types.data ?? []).map((x) => ({ value: x.name }))}
                  placeholder={t('insect:draw.namePlaceholder')}
                  maxLength={30}
                />
                <Space wrap>
                  {counts.map((c) => (
                    <Tag key={c.name}>
                      {insectLabel(c.name, unidentified)} × {c.count}
                    </Tag>
                  ))}
                </Space>
                <List
                  size="small"
                  bordered
                  style={{ maxHeight: 320, overflow: 'auto' }}
                  dataSource={boxes.map((b, i) => ({ ...b, i }))}
                  locale={{ emptyText: t('insect:draw.noBoxes') }}
                  renderItem={(b) => (
                    <List.Item
                      onClick={() => setSelected(b.i)}
                      style={{ cursor: 'pointer', background: b.i === selected ? '#e6f4ff' : undefined }}
                    >
                      {b.i + 1}. {insectLabel(b.name, unidentified)}
                    </List.Item>
                  )}
                />
                <Space wrap>
                  <Button danger disabled={selected < 0} onClick={removeSelected}>
                    {t('insect:draw.remove')}
                  </Button>
                  <Button
                    onClick={() => r && setBoxes(r.boxes.map((b) => ({ name: b.name, box: b.box as Box })))}
                  >
                    {t('common:action.reset')}
                  </Button>
                  <PermissionGuard codes={[editCodeOf(r?.deviceType ?? null)]}>
                    <Button type="primary" loading={saving} onClick={save}>
                      {t('common:action.save')}
                    </Button>
                  </PermissionGuard>
                </Space>
              </Space>
            </div>
          </div>
        )}
      </Spin>
    </section>
  );
}
