import { useQuery } from '@tanstack/react-query';
import {
  CAMERA_PLATFORM_FIELDS,
  CAMERA_PLATFORM_VALUE_MAX,
  type CameraPlatform,
  type CameraPlatformName,
} from '@tilth/contracts/camera-platform.types';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { formatDateTime } from '../../../shared/format/time';

// Platform access (issue 16): a tenant's EZVIZ keys, GB28181 server and China Mobile endpoints, edited in
// the camera manager. Secrets are never answered: they show as ••• and are kept unless typed again.

const path = (t: number) => `/wfpe/v1/${t}/camera/platform`;
export const cameraPlatformKeys = { list: (t: number) => ['camera', t, 'platform'] as const };
export const cameraPlatformApi = {
  list: (t: number) => api.get<CameraPlatform[]>(path(t)),
  save: (
    t: number,
    provider: CameraPlatformName,
    body: { config: Record<string, string>; objectVersionNumber: number | null },
  ) => api.put<CameraPlatform>(`${path(t)}/${provider}`, { json: body }),
};

/** The PUT body from the form: blank secrets are left out (kept), other values trimmed. */
export const platformBodyOf = (p: CameraPlatform, values: Record<string, string | undefined>) => {
  const config: Record<string, string> = {};
  for (const f of CAMERA_PLATFORM_FIELDS[p.provider]) {
    const v = values[f.key]?.trim() ?? '';
    if (f.secret && !v) continue;
    config[f.key] = v;
  }
  return { config, objectVersionNumber: p.objectVersionNumber };
};

export function CameraPlatformForm({ tenantId, platform }: { tenantId: number; platform: CameraPlatform }) {
  const { t } = useTranslation(['camera', 'common']);
  const [form] = Form.useForm<Record<string, string>>();
  const { busy, run } = useSubmit(cameraPlatformKeys.list(tenantId), () => undefined);
  const fields = CAMERA_PLATFORM_FIELDS[platform.provider];
  return (
    <Form<Record<string, string>>
      form={form}
      layout="vertical"
      name={`cameraPlatform-${platform.provider}`}
      initialValues={platform.config}
      onFinish={(v) =>
        run(
          () => cameraPlatformApi.save(tenantId, platform.provider, platformBodyOf(platform, v)),
          t('common:message.saved'),
        )
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={t(`camera:platform.hint.${platform.provider}`)}
        description={
          platform.configured && platform.lastUpdateDate
            ? t('camera:platform.savedAt', { at: formatDateTime(platform.lastUpdateDate) })
            : t('camera:platform.notConfigured')
        }
      />
      {fields.map((f) => {
        const isSet = platform.secretKeys.includes(f.key);
        return (
          <Form.Item
            key={f.key}
            name={f.key}
            label={t(`camera:platform.field.${f.key}`)}
            extra={f.secret && isSet ? t('camera:platform.secretKept') : undefined}
            rules={[
              // A secret already set may stay blank: it is kept.
              { required: f.required && !(f.secret && isSet), message: t('common:validation.required') },
              { max: CAMERA_PLATFORM_VALUE_MAX },
              ...(f.url ? [{ type: 'url' as const, message: t('camera:platform.urlRule') }] : []),
            ]}
          >
            {f.secret ? (
              <Input.Password
                autoComplete="new-password"
                placeholder={isSet ? '•••' : undefined}
                visibilityToggle={false}
              />
            ) : (
              <Input
                placeholder={
                  f.url ? t(`camera:platform.placeholder.${platform.provider}.${f.key}`) : undefined
                }
              />
            )}
          </Form.Item>
        );
      })}
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('common:action.save')}
      </Button>
    </Form>
  );
}

/** The "Platform access" drawer of /system/cameraManager: one tab per platform. */
export function CameraPlatformDrawer({ tenantId, onClose }: { tenantId: number; onClose: () => void }) {
  const { t } = useTranslation(['camera']);
  const list = useQuery({
    queryKey: cameraPlatformKeys.list(tenantId),
    queryFn: () => cameraPlatformApi.list(tenantId),
  });
  return (
    <Drawer open title={t('camera:platform.title')} width={520} onClose={onClose} destroyOnHidden>
      {list.data ? (
        <Tabs
          items={list.data.map((p) => ({
            key: p.provider,
            label: (
              <span>
                {t(`camera:provider.${p.provider}`)}{' '}
                {p.configured ? <Tag color="green">{t('camera:platform.configured')}</Tag> : null}
              </span>
            ),
            // Keyed by version: a save redraws the form with the stored values.
            children: (
              <CameraPlatformForm
                key={`${p.provider}-${p.objectVersionNumber}`}
                tenantId={tenantId}
                platform={p}
              />
            ),
          }))}
        />
      ) : (
        <Spin />
      )}
    </Drawer>
  );
}
