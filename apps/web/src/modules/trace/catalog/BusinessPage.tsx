import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CODE_PREFIX_PATTERN, creditCodeValid, isHttpsUrl } from '@tilth/contracts/trace-catalog.rules';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { formatDateTime } from '../../../shared/format/time';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { useShell } from '../../../shell/ShellContext';
import { type BusinessInput, CATALOG_CODES, catalogApi, catalogKeys } from '../api/catalog.api';
import { FileField } from './components/FileField';

/** The business profile (/web/trace/base/business): one form per tenant, shown on every public trace page. */
export function BusinessPage() {
  const { t } = useTranslation(['traceCatalog', 'common']);
  const { tenantId } = useShell();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BusinessInput>();
  const [busy, setBusy] = useState(false);
  const canEdit = usePermissions([CATALOG_CODES.baseEdit]).allowed;
  const profile = useQuery({
    queryKey: catalogKeys.business(tenantId),
    queryFn: () => catalogApi.business(tenantId),
  });

  useEffect(() => {
    if (profile.data) form.setFieldsValue(profile.data);
  }, [profile.data, form]);

  const save = async () => {
    // An invalid form shows its messages in place.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      const saved = await catalogApi.saveBusiness(tenantId, {
        ...v,
        ...(profile.data ? { objectVersionNumber: profile.data.objectVersionNumber } : {}),
      });
      queryClient.setQueryData(catalogKeys.business(tenantId), saved);
      message.success(t('common:message.saved'));
    } catch {
      // Shown by the API client (stale version, bad credit code …).
    } finally {
      setBusy(false);
    }
  };

  const rule = (ok: (v: string) => boolean, key: string) => ({
    validator: (_: unknown, v: string | null) =>
      !v || ok(v) ? Promise.resolve() : Promise.reject(new Error(t(key))),
  });
  const required = { required: true, whitespace: true, message: t('traceCatalog:form.required') };
  return (
    <section className="tl-card" style={{ maxWidth: 860 }}>
      {profile.data === null ? (
        <Typography.Paragraph type="secondary">{t('traceCatalog:business.empty')}</Typography.Paragraph>
      ) : null}
      <Form form={form} layout="vertical" disabled={!canEdit || profile.isLoading}>
        <Form.Item
          name="businessName"
          label={t('traceCatalog:business.name')}
          rules={[required, { max: 100 }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="creditCode"
          label={t('traceCatalog:business.creditCode')}
          extra={t('traceCatalog:business.creditCodeHelp')}
          rules={[rule(creditCodeValid, 'traceCatalog:business.creditCodeInvalid')]}
        >
          <Input maxLength={18} style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        <Form.Item
          name="legalRepresentative"
          label={t('traceCatalog:business.legalRepresentative')}
          rules={[{ max: 30 }]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="address" label={t('traceCatalog:field.address')} rules={[{ max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('traceCatalog:field.phone')}
          rules={[{ pattern: /^[0-9+\-() ]{3,30}$/, message: t('traceCatalog:form.phone') }]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          name="website"
          label={t('traceCatalog:business.website')}
          rules={[rule(isHttpsUrl, 'traceCatalog:form.https')]}
        >
          <Input maxLength={500} placeholder="https://" />
        </Form.Item>
        <Form.Item
          name="codePrefix"
          label={t('traceCatalog:business.codePrefix')}
          extra={t('traceCatalog:business.codePrefixHelp')}
          rules={[rule((v) => CODE_PREFIX_PATTERN.test(v), 'traceCatalog:business.codePrefixInvalid')]}
        >
          <Input maxLength={8} style={{ textTransform: 'uppercase', width: 200 }} />
        </Form.Item>
        <Form.Item
          name="introduction"
          label={t('traceCatalog:business.introduction')}
          rules={[{ max: 2000 }]}
        >
          <Input.TextArea rows={4} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item name="logoUrl" label={t('traceCatalog:business.logo')}>
          <FileField />
        </Form.Item>
        <Form.Item name="licenceUrl" label={t('traceCatalog:business.licence')}>
          <FileField />
        </Form.Item>
      </Form>
      {canEdit ? (
        <Button type="primary" loading={busy} onClick={() => void save()}>
          {t('common:action.save')}
        </Button>
      ) : null}
      {profile.data ? (
        <Typography.Text type="secondary" style={{ marginLeft: 16 }}>
          {t('traceCatalog:business.updated', { at: formatDateTime(profile.data.lastUpdateDate) })}
        </Typography.Text>
      ) : null}
    </section>
  );
}
