import { useQuery } from '@tanstack/react-query';
import type { Device } from '@tilth/contracts/device.types';
import {
  FERTILIZATION_METHODS,
  PROGRAM_LIMITS as P,
  PROGRAM_MODES,
} from '@tilth/contracts/device-family.types';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tabs from 'antd/es/tabs';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../../../shared/form/DatePicker';
import { requiredRule } from '../../../../shared/form/fieldRules';
import { formatDateTime, fromInstant, nowInZone } from '../../../../shared/format/time';
import { useShell } from '../../../../shell/ShellContext';
import { type DeviceSetting, familyApi, familyKeys, type SettingKindPath } from '../family.api';
import { useCommand } from './common';
import { FaultTable } from './FaultTable';
import { SettingTable } from './SettingTable';

// Fertiliser and injection machines: irrigation programs (daily, interval days, weekdays, odd / even
// days; zones with durations; EC / pH targets; a fertilisation method), methods, controller models and
// alarm handling. Running a program sends the machine's program command.

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function ProgramFields({ methods }: { methods: DeviceSetting[] }) {
  const { t } = useTranslation('family');
  const mode = Form.useWatch(['data', 'mode']);
  return (
    <>
      <Space wrap>
        <Form.Item
          name={['data', 'programNumber']}
          label={t('program.number')}
          rules={[{ required: true, message: t('program.numberRequired') }]}
        >
          <InputNumber min={1} max={99} precision={0} />
        </Form.Item>
        <Form.Item
          name={['data', 'mode']}
          label={t('program.mode')}
          rules={[requiredRule(t, t('program.mode'), 'select')]}
        >
          <Select
            style={{ width: 200 }}
            options={PROGRAM_MODES.map((m) => ({ value: m, label: t(`program.modes.${m}`) }))}
          />
        </Form.Item>
        {mode === 'intervalDays' ? (
          <Form.Item
            name={['data', 'intervalDays']}
            label={t('program.intervalDays')}
            rules={[{ required: true, message: t('program.intervalRequired') }]}
          >
            <InputNumber min={P.intervalDays.min} max={P.intervalDays.max} precision={0} />
          </Form.Item>
        ) : null}
      </Space>
      {mode === 'weekdays' ? (
        <Form.Item
          name={['data', 'weekdays']}
          label={t('program.weekdays')}
          rules={[{ required: true, message: t('program.weekdaysRequired') }]}
        >
          <Select
            mode="multiple"
            options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: t(`program.weekday.${d}`) }))}
          />
        </Form.Item>
      ) : null}
      <Space wrap>
        <Form.Item
          name={['data', 'startDate']}
          label={t('program.startDate')}
          rules={[requiredRule(t, t('program.startDate'), 'select')]}
        >
          <DatePicker />
        </Form.Item>
        <Form.Item name={['data', 'endDate']} label={t('program.endDate')}>
          <DatePicker />
        </Form.Item>
      </Space>
      <Form.Item
        name={['data', 'startTimes']}
        label={t('program.startTimes')}
        rules={[
          { required: true, message: t('program.startTimesRequired') },
          {
            validator: (_r, v: string[] | undefined) =>
              (v ?? []).every((x) => TIME.test(x)) && (v ?? []).length <= P.startTimes
                ? Promise.resolve()
                : Promise.reject(new Error(t('program.startTimesInvalid'))),
          },
        ]}
      >
        <Select mode="tags" placeholder="06:00" tokenSeparators={[',', ' ']} />
      </Form.Item>
      <Form.List
        name={['data', 'zones']}
        rules={[
          {
            validator: (_r, v: unknown[]) =>
              v?.length ? Promise.resolve() : Promise.reject(new Error(t('program.zonesRequired'))),
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((f) => (
              <Space key={f.key} align="baseline">
                <Form.Item name={[f.name, 'valve']} label={t('program.valve')} rules={[{ required: true }]}>
                  <InputNumber min={1} max={255} precision={0} />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'durationMin']}
                  label={t('program.zoneDuration')}
                  rules={[{ required: true }]}
                >
                  <InputNumber
                    min={P.zoneDurationMin.min}
                    max={P.zoneDurationMin.max}
                    precision={0}
                    suffix="min"
                  />
                </Form.Item>
                <Button type="link" danger onClick={() => remove(f.name)}>
                  {t('action.delete')}
                </Button>
              </Space>
            ))}
            <Button
              disabled={fields.length >= P.zones}
              onClick={() => add({ valve: fields.length + 1, durationMin: 30 })}
            >
              {t('program.addZone')}
            </Button>
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
      <Space wrap style={{ marginTop: 12 }}>
        <Form.Item name={['data', 'ecTarget']} label={t('program.ecTarget')}>
          <InputNumber min={P.ec.min} max={P.ec.max} step={0.1} suffix="mS/cm" />
        </Form.Item>
        <Form.Item name={['data', 'phTarget']} label={t('program.phTarget')}>
          <InputNumber min={P.ph.min} max={P.ph.max} step={0.1} />
        </Form.Item>
        <Form.Item name={['data', 'methodId']} label={t('program.method')}>
          <Select
            allowClear
            style={{ width: 200 }}
            options={methods.map((m) => ({ value: m.id, label: m.name }))}
          />
        </Form.Item>
      </Space>
    </>
  );
}

const toProgram = (d: Record<string, unknown>): object => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(d)) {
    if (v === null || v === undefined) continue;
    out[k] = dayjs.isDayjs(v) ? (v as Dayjs).format('YYYY-MM-DD') : v;
  }
  return out;
};
const fromProgram = (d: Record<string, unknown>) => ({
  ...d,
  startDate: typeof d.startDate === 'string' ? fromInstant(d.startDate) : undefined,
  endDate: typeof d.endDate === 'string' ? fromInstant(d.endDate) : undefined,
});
const compact = (d: Record<string, unknown>): object =>
  Object.fromEntries(Object.entries(d).filter(([, v]) => v !== null && v !== undefined && v !== ''));

export default function FertilizerPanel({ device }: { device: Device }) {
  const { t } = useTranslation('family');
  const { tenantId } = useShell();
  const { busy, run } = useCommand(device);
  const methods = useQuery({
    queryKey: familyKeys.settings(tenantId, device.id, 'method'),
    queryFn: () => familyApi.settings(tenantId, device.id, 'method'),
  });
  const crud = (kind: SettingKindPath) => ({
    device,
    queryKey: familyKeys.settings(tenantId, device.id, kind),
    load: () => familyApi.settings(tenantId, device.id, kind),
    add: (b: { deviceId: number; name: string; data: object }) => familyApi.addSetting(tenantId, kind, b),
    edit: (b: { id: number; objectVersionNumber: number; name: string; data: object }) =>
      familyApi.editSetting(tenantId, kind, b),
    remove: (id: number) => familyApi.removeSetting(tenantId, kind, id),
  });
  const programs = (
    <SettingTable
      noun={t('program.title')}
      {...crud('program')}
      defaults={{
        mode: 'daily',
        startDate: nowInZone(),
        startTimes: ['06:00'],
        zones: [{ valve: 1, durationMin: 30 }],
        programNumber: 1,
      }}
      toData={toProgram}
      fromData={fromProgram}
      fields={() => <ProgramFields methods={methods.data ?? []} />}
      columns={[
        { title: t('program.number'), render: (_, r) => String(r.data.programNumber ?? '') },
        { title: t('program.mode'), render: (_, r) => t(`program.modes.${String(r.data.mode)}`) },
        {
          title: t('program.startTimes'),
          render: (_, r) => (Array.isArray(r.data.startTimes) ? r.data.startTimes.join(', ') : ''),
        },
        {
          title: t('program.nextRun'),
          render: (_, r) => (r.nextRuns?.[0] ? formatDateTime(r.nextRuns[0], 'YYYY-MM-DD HH:mm') : '—'),
        },
      ]}
      actions={(r) => (
        <Button
          size="small"
          loading={busy === `run-${r.id}`}
          onClick={() => void run(`run-${r.id}`, () => familyApi.runProgram(tenantId, r.id))}
        >
          {t('program.run')}
        </Button>
      )}
    />
  );
  const methodTable = (
    <SettingTable
      noun={t('method.title')}
      {...crud('method')}
      defaults={{ method: 'quantitative' }}
      toData={compact}
      fields={() => (
        <Space wrap>
          <Form.Item
            name={['data', 'method']}
            label={t('method.method')}
            rules={[requiredRule(t, t('method.method'), 'select')]}
          >
            <Select
              style={{ width: 200 }}
              options={FERTILIZATION_METHODS.map((m) => ({ value: m, label: t(`method.methods.${m}`) }))}
            />
          </Form.Item>
          <Form.Item name={['data', 'volumeL']} label={t('method.volumeL')}>
            <InputNumber min={0} max={100000} suffix="L" />
          </Form.Item>
          <Form.Item name={['data', 'ratio']} label={t('method.ratio')}>
            <InputNumber min={1} max={10000} precision={0} prefix="1 :" />
          </Form.Item>
          <Form.Item name={['data', 'ecTarget']} label={t('program.ecTarget')}>
            <InputNumber min={0} max={20} step={0.1} suffix="mS/cm" />
          </Form.Item>
          <Form.Item name={['data', 'phTarget']} label={t('program.phTarget')}>
            <InputNumber min={0} max={14} step={0.1} />
          </Form.Item>
        </Space>
      )}
      columns={[
        { title: t('method.method'), render: (_, r) => t(`method.methods.${String(r.data.method)}`) },
      ]}
    />
  );
  const controllers = (
    <SettingTable
      noun={t('controller.title')}
      {...crud('controller')}
      defaults={{ channels: 8 }}
      toData={compact}
      fields={() => (
        <Space wrap>
          <Form.Item
            name={['data', 'model']}
            label={t('controller.model')}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name={['data', 'manufacturer']} label={t('controller.manufacturer')}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item
            name={['data', 'channels']}
            label={t('controller.channels')}
            rules={[{ required: true }]}
          >
            <InputNumber min={1} max={64} precision={0} />
          </Form.Item>
          <Form.Item name={['data', 'firmware']} label={t('controller.firmware')}>
            <Input maxLength={40} />
          </Form.Item>
        </Space>
      )}
      columns={[
        { title: t('controller.model'), render: (_, r) => String(r.data.model ?? '') },
        { title: t('controller.channels'), render: (_, r) => String(r.data.channels ?? '') },
      ]}
    />
  );
  return (
    <Tabs
      size="small"
      items={[
        { key: 'program', label: t('program.title'), children: programs },
        { key: 'method', label: t('method.title'), children: methodTable },
        { key: 'controller', label: t('controller.title'), children: controllers },
        { key: 'alarm', label: t('fault.title'), children: <FaultTable device={device} ackable /> },
      ]}
    />
  );
}
