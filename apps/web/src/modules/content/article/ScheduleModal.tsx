import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../../shared/form/DatePicker';
import { fromInstant, nowInZone, toInstant } from '../../../shared/format/time';

export interface ScheduleModalProps {
  open: boolean;
  /** The time already set, if any (ISO instant). */
  current?: string | null;
  busy?: boolean;
  onOk: (publishAtIso: string) => void;
  onCancel: () => void;
}

/** Picks when the article goes live (tenant's clock); at least a minute ahead, within a year. */
export function ScheduleModal({ open, current, busy, onOk, onCancel }: ScheduleModalProps) {
  const { t } = useTranslation(['contentArticle', 'common']);
  const [value, setValue] = useState<Dayjs | null>(null);
  const [error, setError] = useState(false);

  useEffect(() => {
    if (!open) return;
    setValue(current ? fromInstant(current) : nowInZone().add(1, 'hour').startOf('hour'));
    setError(false);
  }, [open, current]);

  const submit = () => {
    if (!value?.isAfter(nowInZone())) {
      setError(true);
      return;
    }
    onOk(toInstant(value));
  };

  return (
    <Modal
      open={open}
      title={t('contentArticle:schedule.title')}
      okText={t('contentArticle:schedule.ok')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={t('contentArticle:schedule.help')} style={{ marginBottom: 16 }} />
      <Form layout="vertical">
        <Form.Item
          label={t('contentArticle:schedule.at')}
          validateStatus={error ? 'error' : undefined}
          help={error ? t('contentArticle:schedule.future') : undefined}
        >
          <DatePicker
            showTime={{ format: 'HH:mm:ss' }}
            format="YYYY-MM-DD HH:mm:ss"
            value={value}
            onChange={(v) => {
              setValue(v);
              setError(false);
            }}
            disabledDate={(d) =>
              d.isBefore(nowInZone().startOf('day')) || d.isAfter(nowInZone().add(1, 'year'))
            }
            style={{ width: '100%' }}
            data-testid="schedule-at"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
