import { deviceTypeByKey } from '@tilth/contracts/device-types';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import type { StreamState } from '../live/deviceStream';
import { LiveIndicator } from '../live/LiveIndicator';
import { type FenceState, MACHINE_TYPE, MACHINERY_BASE, type RunState } from './machineryFormat';
import '../device/device.css';

const RUN_TAG: Record<RunState, string> = { running: 'green', idle: 'blue', offline: 'default' };

export function RunTag({ state }: { state: RunState }) {
  const { t } = useTranslation('machinery');
  return <Tag color={RUN_TAG[state]}>{t(`run.${state}`)}</Tag>;
}

export function FenceTag({ state }: { state: FenceState }) {
  const { t } = useTranslation('machinery');
  if (state === 'none') return <Tag>{t('fence.state.none')}</Tag>;
  return <Tag color={state === 'inside' ? 'green' : 'red'}>{t(`fence.state.${state}`)}</Tag>;
}

/** A machinery page: title, live link state, extra buttons. */
export function MachineryPage({
  title,
  live,
  extra,
  children,
}: {
  title: ReactNode;
  live?: StreamState;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="tl-card tl-device-page">
      <div className="tl-device-page__head">
        <strong>{title}</strong>
        <Space>
          {extra}
          {live ? <LiveIndicator state={live} /> : null}
        </Space>
      </div>
      {children}
    </section>
  );
}

/** No farm machine yet: a way to the machinery registry page to add one. */
export function NoMachines() {
  const { t } = useTranslation('machinery');
  const navigate = useNavigate();
  return (
    <EmptyState
      title={t('empty.machines')}
      description={t('empty.hint')}
      onAdd={() => void navigate(MACHINERY_BASE)}
      addText={t('empty.add')}
      addCode={deviceTypeByKey(MACHINE_TYPE)?.permissions.create}
    />
  );
}
