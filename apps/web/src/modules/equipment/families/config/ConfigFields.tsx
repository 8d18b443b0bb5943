import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONFIG_SPECS,
  type ConfigField,
  type ConfigSpec,
  crossRuleError,
  fenceToText,
  textToFence,
} from './configSpec';

// The type's settings in the device form, under name ['config', …] (spec 02 §5 limits, checked here
// with the server's numbers and again by the server).

const DEPENDS: Readonly<Record<string, readonly string[]>> = {
  photoIntervalMin: ['durationMin'],
  durationMin: ['photoIntervalMin'],
  pollingSec: ['nodeResponseSec', 'nodeCount'],
  nodeResponseSec: ['pollingSec', 'nodeCount'],
  nodeCount: ['pollingSec', 'nodeResponseSec'],
  highLevelCm: ['lowLevelCm'],
  lowLevelCm: ['highLevelCm'],
  defaultRunMin: ['maxRunMin'],
  maxRunMin: ['defaultRunMin'],
  phMin: ['phMax'],
  phMax: ['phMin'],
};

/** A cleared InputNumber gives null; the config schema wants the key left out. */
const dropNull = (v: unknown) => (v === null || v === '' ? undefined : v);

function Field({ field, spec }: { field: ConfigField; spec: ConfigSpec }) {
  const { t } = useTranslation('family');
  const name = ['config', field.name];
  const label = t(`config.${field.name}`);
  if (field.kind === 'flag') {
    return (
      <Form.Item
        name={name}
        label={label}
        valuePropName="checked"
        getValueProps={(v: unknown) => ({ checked: v === 1 })}
        normalize={(v: boolean) => (v ? 1 : 0)}
        extra={t('config.surfaceFlagHint')}
      >
        <Switch />
      </Form.Item>
    );
  }
  if (field.kind === 'text') {
    return (
      <Form.Item
        name={name}
        label={label}
        normalize={dropNull}
        rules={[{ max: field.max, message: t('config.maxLength', { max: field.max }) }]}
      >
        <Input maxLength={field.max} allowClear />
      </Form.Item>
    );
  }
  if (field.kind === 'select') {
    return (
      <Form.Item name={name} label={label} normalize={dropNull}>
        <Select allowClear options={field.options.map((o) => ({ value: o, label: o }))} />
      </Form.Item>
    );
  }
  if (field.kind === 'geofence') {
    return (
      <Form.Item
        name={name}
        label={label}
        extra={t('config.geofenceHint')}
        getValueProps={(v: unknown) => ({ value: fenceToText(v) })}
        normalize={(v: string) => textToFence(v)}
        rules={[
          {
            validator: (_r, v: unknown) => {
              if (v === undefined) return Promise.resolve();
              const pts = v as { lat: number; lng: number }[];
              const bad = pts.some((p) => !(Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180));
              if (bad || pts.length < 3 || pts.length > 200)
                return Promise.reject(new Error(t('config.geofenceInvalid')));
              return Promise.resolve();
            },
          },
        ]}
      >
        <Input.TextArea rows={3} placeholder="22.96,113.34" />
      </Form.Item>
    );
  }
  const deps = (DEPENDS[field.name] ?? []).map((d) => ['config', d]);
  return (
    <Form.Item
      name={name}
      label={label}
      normalize={dropNull}
      dependencies={deps}
      {...(field.name === 'uploadPeriodMin' ? { extra: t('config.uploadPeriodHint') } : {})}
      rules={[
        ({ getFieldValue }) => ({
          validator: (_r, v: unknown) => {
            if (v === undefined || v === null) {
              const err = crossRuleError(spec.rules, field.name, (n) => getFieldValue(['config', n]));
              return err ? Promise.reject(new Error(t(err))) : Promise.resolve();
            }
            if (typeof v !== 'number' || (field.integer && !Number.isInteger(v))) {
              return Promise.reject(new Error(t('config.integer')));
            }
            if (field.above ? v <= field.min : v < field.min) {
              return Promise.reject(
                new Error(t(field.above ? 'config.above' : 'config.min', { min: field.min })),
              );
            }
            if (v > field.max) return Promise.reject(new Error(t('config.max', { max: field.max })));
            const err = crossRuleError(spec.rules, field.name, (n) => getFieldValue(['config', n]));
            return err ? Promise.reject(new Error(t(err))) : Promise.resolve();
          },
        }),
      ]}
    >
      <InputNumber
        min={field.above ? undefined : field.min}
        max={field.max}
        step={field.step ?? 1}
        precision={field.integer ? 0 : undefined}
        style={{ width: '100%' }}
        {...(field.unit ? { suffix: field.unit } : {})}
      />
    </Form.Item>
  );
}

const cache = new Map<string, ComponentType>();

/** The settings fields of a type, or null when it has none. */
export const configFieldsOf = (typeKey: string): ComponentType | null => {
  const spec = CONFIG_SPECS[typeKey];
  if (!spec || spec.fields.length === 0) return null;
  const hit = cache.get(typeKey);
  if (hit) return hit;
  function ConfigFields() {
    const { ready } = useTranslation('family', { useSuspense: false });
    if (!ready || !spec) return null;
    return (
      <>
        {spec.fields.map((f) => (
          <Field key={f.name} field={f} spec={spec} />
        ))}
      </>
    );
  }
  cache.set(typeKey, ConfigFields);
  return ConfigFields;
};
