import { canonicalIpEntry } from '@tilth/contracts/application.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { DatePicker } from '../../../shared/form/DatePicker';
import { requiredRule } from '../../../shared/form/fieldRules';
import { fromInstant, nowInZone, toInstant } from '../../../shared/format/time';
import { PermissionEditor } from '../roles/PermissionEditor';
import {
  type Application,
  type ApplicationWithSecret,
  applicationKeys,
  applicationsApi,
} from './application.api';

interface Values {
  name: string;
  description?: string;
  scopes: string[];
  expiresAt?: Dayjs | null;
  ipAllowList: string[];
}

/** Entries of the allow-list editor that are neither an address nor a CIDR block. */
export const badAllowEntries = (entries: readonly string[]): string[] =>
  entries.filter((e) => canonicalIpEntry(e) === undefined);

interface Props {
  tenantId: number;
  open: boolean;
  /** null: a new application. */
  application: Application | null;
  onClose: () => void;
  /** A new application's secret, to show once. */
  onCreated: (made: ApplicationWithSecret) => void;
}

/** Add or edit an application: name, description, expiry, IP allow-list and scopes (the role tree). */
export function ApplicationFormModal({ tenantId, open, application, onClose, onCreated }: Props) {
  const { t } = useTranslation(['applications', 'common']);
  const [form] = Form.useForm<Values>();
  const { busy, run } = useSubmit(applicationKeys.list(tenantId), onClose);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      name: application?.name ?? '',
      description: application?.description ?? '',
      scopes: application?.scopes ?? [],
      expiresAt: application?.expiresAt ? fromInstant(application.expiresAt) : null,
      ipAllowList: application?.ipAllowList ?? [],
    });
  }, [open, application, form]);

  const submit = async (v: Values) => {
    const body = {
      name: v.name,
      description: v.description?.trim() ? v.description : null,
      scopes: v.scopes,
      expiresAt: v.expiresAt ? toInstant(v.expiresAt) : null,
      ipAllowList: v.ipAllowList.map((e) => canonicalIpEntry(e) ?? e),
    };
    if (application) {
      await run(
        () =>
          applicationsApi.update(tenantId, {
            ...body,
            id: application.id,
            objectVersionNumber: application.objectVersionNumber,
          }),
        t('common:message.saved'),
      );
      return;
    }
    await run(
      async () => onCreated(await applicationsApi.create(tenantId, body)),
      t('applications:message.created'),
    );
  };

  return (
    <Modal
      open={open}
      title={application ? t('applications:title.edit') : t('applications:title.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      width={640}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="name"
          label={t('applications:field.name')}
          rules={[requiredRule(t, t('applications:field.name'))]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="description" label={t('applications:field.description')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
        <Form.Item
          name="expiresAt"
          label={t('applications:field.expiresAt')}
          extra={t('applications:help.expiresAt')}
        >
          <DatePicker
            showTime
            allowClear
            style={{ width: '100%' }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={(d) => d.isBefore(nowInZone(), 'day')}
          />
        </Form.Item>
        <Form.Item
          name="ipAllowList"
          label={t('applications:field.ipAllowList')}
          extra={t('applications:help.ipAllowList')}
          rules={[
            {
              validator: (_, v: string[] | undefined) => {
                const bad = badAllowEntries(v ?? []);
                return bad.length === 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('applications:validation.ip', { entries: bad.join(', ') })));
              },
            },
          ]}
        >
          <Select mode="tags" tokenSeparators={[',', ' ', '\n']} open={false} suffixIcon={null} />
        </Form.Item>
        <Form.Item name="scopes" label={t('applications:field.scopes')} extra={t('applications:help.scopes')}>
          <ScopeField />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Form.Item hands value/onChange to its child: the role page's permission tree. */
function ScopeField(props: { value?: string[]; onChange?: (v: string[]) => void }) {
  return <PermissionEditor value={props.value ?? []} onChange={(v) => props.onChange?.(v)} />;
}
