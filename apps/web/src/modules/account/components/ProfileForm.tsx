import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { accountApi, SELF_QUERY_KEY, type Self } from '../api/account.api';

/** Name (editable), sign-in name, phone and enterprises. */
export function ProfileForm({ self }: { self: Self }) {
  const { t } = useTranslation(['account', 'common']);
  const message = useMessage();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const save = async ({ realName }: { realName: string }) => {
    setBusy(true);
    try {
      queryClient.setQueryData(SELF_QUERY_KEY, await accountApi.setRealName(realName.trim()));
      message.success(t('account:saved'));
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="tl-profile__section">
      <Form
        layout="vertical"
        initialValues={{ realName: self.realName }}
        onFinish={(v) => void save(v)}
        style={{ maxWidth: 420 }}
      >
        <Form.Item
          name="realName"
          label={t('account:realName')}
          rules={[
            { required: true, whitespace: true, message: t('account:realNameRequired') },
            { max: 60, message: t('common:validation.maxLength', { max: 60 }) },
          ]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('common:action.save')}
        </Button>
      </Form>
      <Descriptions column={1} size="small" className="tl-profile__facts">
        <Descriptions.Item label={t('account:loginName')}>{self.loginName}</Descriptions.Item>
        <Descriptions.Item label={t('account:phone')}>{self.phone || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('account:tenants')}>
          <span>
            {self.tenants.map((tenant) => (
              <Tag key={tenant.tenantId} color={tenant.tenantId === self.tenantId ? 'green' : undefined}>
                {tenant.tenantName}
              </Tag>
            ))}
          </span>
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}
