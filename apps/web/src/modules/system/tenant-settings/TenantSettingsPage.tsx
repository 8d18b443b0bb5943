import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Spin from 'antd/es/spin';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../shared/api/client';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../shared/FeedbackProvider';
import { TimeZoneSelect } from '../../../shared/form/TimeZoneSelect';
import { formatDateTime, useTimeZone } from '../../../shared/format/time';
import { timeZoneLabel } from '../../../shared/format/timeZones';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { useShell } from '../../../shell/ShellContext';
import { SELF_QUERY_KEY } from '../../account/api/account.api';
import { TENANT_SETTINGS_EDIT, tenantSettingsApi, tenantSettingsKeys } from './tenantSettings.api';

/** /system/tenant-settings: the tenant's name and number, and the time zone its days follow (ADR 0010). */
export function TenantSettingsPage() {
  const { t } = useTranslation(['tenantSettings', 'common']);
  const { tenantId } = useShell();
  const queryClient = useQueryClient();
  const message = useMessage();
  const canEdit = usePermissions([TENANT_SETTINGS_EDIT]).allowed;
  const zone = useTimeZone();
  const [form] = Form.useForm<{ timeZone: string }>();
  const [busy, setBusy] = useState(false);
  const [stale, setStale] = useState(false);
  const settings = useQuery({
    queryKey: tenantSettingsKeys.one(tenantId),
    queryFn: () => tenantSettingsApi.get(tenantId),
  });
  const data = settings.data;

  useEffect(() => {
    if (data) form.setFieldsValue({ timeZone: data.timeZone });
  }, [data, form]);

  if (settings.isError) return <EmptyState variant="networkError" description={errorText(settings.error)} />;
  if (!data) return <Spin />;

  const save = async () => {
    const { timeZone } = await form.validateFields();
    setBusy(true);
    setStale(false);
    try {
      await tenantSettingsApi.save(tenantId, { timeZone, objectVersionNumber: data.objectVersionNumber });
      message.success(t('common:message.saved'));
      // The shell reads the zone from the tenant list: the console follows the new zone at once.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tenantSettingsKeys.one(tenantId) }),
        queryClient.invalidateQueries({ queryKey: SELF_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['self-tenants'] }),
      ]);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setStale(true);
        await settings.refetch();
      } else message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="tl-card" data-testid="tenant-settings">
      <h3 className="tl-card__title">{t('title')}</h3>
      <Descriptions
        column={1}
        style={{ maxWidth: 640, marginBottom: 16 }}
        items={[
          { key: 'name', label: t('tenantName'), children: data.tenantName },
          { key: 'num', label: t('tenantNum'), children: data.tenantNum },
          {
            key: 'now',
            label: t('now'),
            children: `${formatDateTime(Date.now(), 'YYYY-MM-DD HH:mm')} ${timeZoneLabel(zone)}`,
          },
        ]}
      />
      {stale ? (
        <Alert type="warning" showIcon title={t('stale')} style={{ maxWidth: 640, marginBottom: 16 }} />
      ) : null}
      <Form form={form} layout="vertical" style={{ maxWidth: 640 }} disabled={!canEdit}>
        <Form.Item
          name="timeZone"
          label={t('timeZone')}
          extra={t('timeZoneHelp')}
          rules={[{ required: true, message: t('timeZoneRequired') }]}
        >
          <TimeZoneSelect placeholder={t('timeZoneRequired')} />
        </Form.Item>
        {canEdit ? (
          <Button
            type="primary"
            loading={busy}
            onClick={() => void save()}
            data-testid="tenant-settings-save"
          >
            {t('common:action.save')}
          </Button>
        ) : null}
      </Form>
    </section>
  );
}
