import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import List from 'antd/es/list';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { cameraApi, cameraKeys } from './camera.api';

export interface PresetPanelProps {
  tenantId: number;
  cameraId: number;
}

/** Preset points: list, save the current view, go to one, delete one. */
export function PresetPanel({ tenantId, cameraId }: PresetPanelProps) {
  const { t } = useTranslation(['camera', 'common']);
  const message = useMessage();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const key = cameraKeys.presets(tenantId, cameraId);
  const presets = useQuery({ queryKey: key, queryFn: () => cameraApi.presets(tenantId, cameraId) });

  const run = async (fn: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await fn();
      void message.success(t(done));
      await client.invalidateQueries({ queryKey: key });
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="tl-cam-presets">
      <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
        <Input
          value={name}
          maxLength={30}
          placeholder={t('camera:preset.namePlaceholder')}
          onChange={(e) => setName(e.target.value)}
        />
        <Button
          type="primary"
          loading={busy}
          disabled={!name.trim()}
          onClick={() =>
            void run(async () => {
              await cameraApi.savePreset(tenantId, { cameraId, name: name.trim() });
              setName('');
            }, 'camera:preset.saved')
          }
        >
          {t('camera:preset.save')}
        </Button>
      </Space.Compact>
      <List
        size="small"
        loading={presets.isFetching}
        locale={{ emptyText: t('camera:preset.empty') }}
        dataSource={presets.data ?? []}
        renderItem={(p) => (
          <List.Item
            actions={[
              <Button
                key="go"
                type="link"
                size="small"
                onClick={() => void run(() => cameraApi.goToPreset(tenantId, p.id), 'camera:preset.turned')}
              >
                {t('camera:preset.go')}
              </Button>,
              <Popconfirm
                key="del"
                title={t('camera:preset.deleteConfirm')}
                okText={t('common:action.delete')}
                cancelText={t('common:action.cancel')}
                onConfirm={() => run(() => cameraApi.deletePreset(tenantId, p.id), 'camera:preset.deleted')}
              >
                <Button type="link" size="small" danger>
                  {t('common:action.delete')}
                </Button>
              </Popconfirm>,
            ]}
          >
            {p.index}. {p.name}
          </List.Item>
        )}
      />
    </div>
  );
}
