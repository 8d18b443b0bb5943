import {
  LAND_DESCRIPTION_MAX,
  LAND_NAME_MAX,
  LAND_NUM_MAX,
  LAND_SOIL_TYPE_MAX,
  LAND_USAGES,
  type LandBoundary,
} from '@tilth/contracts/land.types';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { parseLatLng } from '../../../../shared/map/coords';
import { useMapConfig } from '../../../../shared/map/mapConfig';
import { useFarmMap } from '../../../../shared/map/useFarmMap';
import { useShell } from '../../../../shell/ShellContext';
import { areaText } from '../../map/components/popups';
import { type Land, landApi } from '../api/land.api';
import { attachBoundaryEditor } from './drawing';

interface FormValues {
  areaId: number;
  landName: string;
  landNum?: string;
  landUsage: string;
  soilType?: string;
  description?: string;
  enabled: boolean;
}

export interface LandFormDrawerProps {
  open: boolean;
  /** null: a new plot. */
  land: Land | null;
  defaultAreaId: number | undefined;
  bases: { areaId: number; areaName: string; areaCenter: string | null; areaUsage: string }[];
  onClose: () => void;
  /** After a save (the list reloads). */
  onSaved: (land: Land) => void;
}

const CODE = /^[A-Za-z0-9_-]*$/;

/** Adds or edits a plot; its boundary is drawn on the map, area and centre come back from the server. */
export function LandFormDrawer({ open, land, defaultAreaId, bases, onClose, onSaved }: LandFormDrawerProps) {
  const { t, i18n } = useTranslation(['farmLand', 'farmMap', 'common']);
  const { tenantId } = useShell();
  const message = useMessage();
  const [form] = Form.useForm<FormValues>();
  const [current, setCurrent] = useState<Land | null>(land);
  const [boundary, setBoundary] = useState<LandBoundary | null>(land?.boundary ?? null);
  const [saving, setSaving] = useState(false);
  const boundaryRef = useRef(boundary);
  boundaryRef.current = boundary;
  const { config } = useMapConfig(tenantId);
  const areaId = Form.useWatch('areaId', form);
  const baseCenter = parseLatLng(bases.find((b) => b.areaId === (areaId ?? defaultAreaId))?.areaCenter);
  const map = useFarmMap(open ? config : undefined, {
    layerName: (p) => t(`farmMap:layer.${p.id}`, { defaultValue: p.id }),
    center: parseLatLng(land?.landCenter) ?? baseCenter,
    zoom: 17,
  });

  // The page mounts the drawer per plot, so the first values are read once (later changes of the bases
  // list, e.g. after a save reloads the map data, must not reset what is being edited).
  const [initialValues] = useState<Partial<FormValues>>(() => ({
    areaId: land?.areaId ?? defaultAreaId,
    landName: land?.landName ?? '',
    landNum: land?.landNum ?? '',
    landUsage: land?.landUsage ?? bases.find((b) => b.areaId === defaultAreaId)?.areaUsage ?? 'plant',
    soilType: land?.soilType ?? '',
    description: land?.description ?? '',
    enabled: land ? land.enabledFlag === 1 : true,
  }));

  // The editor reads the boundary once per map / datum; later edits flow out through setBoundary.
  const { handle, crs } = map;
  // Bumped when the boundary is replaced from the server (a stale save reloaded), to redraw it.
  const [revision, setRevision] = useState(0);
  useEffect(() => {
    if (!handle || revision < 0) return;
    const editor = attachBoundaryEditor(handle, crs, boundaryRef.current, setBoundary, {
      draw: t('farmLand:form.drawHint'),
      lang: i18n.language.startsWith('zh') ? 'zh' : 'en',
    });
    editor.fit();
    return () => editor.destroy();
  }, [handle, crs, revision, t, i18n.language]);

  const save = async () => {
    let v: FormValues;
    try {
      v = await form.validateFields();
    } catch {
      return; // The form shows what is wrong next to each field.
    }
    const common = {
      areaId: v.areaId,
      landName: v.landName,
      landNum: v.landNum?.trim() ? v.landNum : null,
      boundary,
      landUsage: v.landUsage as (typeof LAND_USAGES)[number],
      soilType: v.soilType ?? null,
      description: v.description ?? null,
      enabledFlag: (v.enabled ? 1 : 0) as 0 | 1,
    };
    setSaving(true);
    try {
      const saved = current
        ? await landApi.update(tenantId, {
            ...common,
            landId: current.landId,
            objectVersionNumber: current.objectVersionNumber,
          })
        : await landApi.create(tenantId, common);
      setCurrent(saved);
      setBoundary(saved.boundary);
      message.success(t('common:message.saved'));
      onSaved(saved);
    } catch (err) {
      // The server's message was shown by the API client. A stale version: load the plot as it is now.
      if (err instanceof ApiError && err.status === 409 && current) {
        const fresh = await landApi.get(tenantId, current.landId).catch(() => null);
        if (fresh && fresh.objectVersionNumber !== current.objectVersionNumber) {
          setCurrent(fresh);
          setBoundary(fresh.boundary);
          boundaryRef.current = fresh.boundary;
          setRevision((r) => r + 1);
          form.setFieldsValue({
            landName: fresh.landName,
            landNum: fresh.landNum ?? '',
            areaId: fresh.areaId,
          });
          onSaved(fresh);
        }
      }
    } finally {
      setSaving(false);
    }
  };

  const lang = i18n.language;
  const center = parseLatLng(current?.landCenter);
  const positions = boundary?.[0] ? boundary[0].length - 1 : 0;
  const usageOptions = LAND_USAGES.map((u) => ({ value: u, label: t(`farmMap:usage.${u}`) }));
  const noWhitespaceOnly = {
    validator: (_: unknown, value: string | undefined) =>
      value === undefined || value === '' || value.trim() !== ''
        ? Promise.resolve()
        : Promise.reject(new Error(t('farmLand:rule.blank'))),
  };

  return (
    <Drawer
      open={open}
      width={Math.min(1100, typeof window === 'undefined' ? 1100 : window.innerWidth - 80)}
      title={current ? t('farmLand:form.editTitle', { name: current.landName }) : t('farmLand:form.addTitle')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common:action.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {t('common:action.save')}
          </Button>
        </Space>
      }
    >
      <div className="tl-land-form">
        <Form
          form={form}
          name="landForm"
          initialValues={initialValues}
          layout="vertical"
          className="tl-land-form__fields"
          requiredMark
        >
          <Form.Item
            name="areaId"
            label={t('farmLand:field.base')}
            rules={[{ required: true, message: t('farmLand:rule.base') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={bases.map((b) => ({ value: b.areaId, label: b.areaName }))}
            />
          </Form.Item>
          <Form.Item
            name="landName"
            label={t('farmLand:field.name')}
            rules={[
              { required: true, whitespace: true, message: t('farmLand:rule.name') },
              { max: LAND_NAME_MAX, message: t('farmLand:rule.tooLong', { max: LAND_NAME_MAX }) },
            ]}
          >
            <Input maxLength={LAND_NAME_MAX} showCount />
          </Form.Item>
          <Form.Item
            name="landNum"
            label={t('farmLand:field.code')}
            rules={[
              { max: LAND_NUM_MAX, message: t('farmLand:rule.tooLong', { max: LAND_NUM_MAX }) },
              { pattern: CODE, message: t('farmLand:rule.code') },
            ]}
          >
            <Input maxLength={LAND_NUM_MAX} />
          </Form.Item>
          <Form.Item name="landUsage" label={t('farmLand:field.usage')}>
            <Select options={usageOptions} />
          </Form.Item>
          <Form.Item
            name="soilType"
            label={t('farmLand:field.soilType')}
            rules={[
              { max: LAND_SOIL_TYPE_MAX, message: t('farmLand:rule.tooLong', { max: LAND_SOIL_TYPE_MAX }) },
              noWhitespaceOnly,
            ]}
          >
            <Input maxLength={LAND_SOIL_TYPE_MAX} />
          </Form.Item>
          <Form.Item
            name="description"
            label={t('farmLand:field.description')}
            rules={[
              {
                max: LAND_DESCRIPTION_MAX,
                message: t('farmLand:rule.tooLong', { max: LAND_DESCRIPTION_MAX }),
              },
            ]}
          >
            <Input.TextArea rows={3} maxLength={LAND_DESCRIPTION_MAX} />
          </Form.Item>
          <Form.Item name="enabled" label={t('farmLand:field.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Descriptions size="small" column={1} bordered className="tl-land-form__measure">
            <Descriptions.Item label={t('farmLand:field.boundary')}>
              {boundary ? t('farmLand:form.positions', { count: positions }) : t('farmLand:form.noBoundary')}
            </Descriptions.Item>
            <Descriptions.Item label={t('farmLand:field.area')}>
              {current?.boundary ? areaText(t, lang, current.areaMu, current.areaM2) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('farmLand:field.center')}>
              {center ? `${center[0].toFixed(6)}, ${center[1].toFixed(6)}` : '—'}
            </Descriptions.Item>
          </Descriptions>
        </Form>
        <div className="tl-land-form__map">
          <Alert type="info" showIcon message={t('farmLand:form.drawHelp')} style={{ marginBottom: 8 }} />
          <div className="tl-land-form__canvas">
            <div ref={map.ref} className="tl-farm-map" data-testid="land-draw-map" />
          </div>
        </div>
      </div>
    </Drawer>
  );
}
