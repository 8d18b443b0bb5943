import type { DeviceTypeDef } from '@tilth/contracts/device-types';
import Alert from 'antd/es/alert';
import Descriptions from 'antd/es/descriptions';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceCredentials } from '../api/device.api';
import { telemetrySample } from '../deviceFormat';
import '../device.css';

export interface CredentialsModalProps {
  type: DeviceTypeDef;
  deviceName: string;
  credentials: DeviceCredentials;
  onClose: () => void;
}

const Copy = ({ text, testId }: { text: string; testId?: string }) => (
  <Typography.Text copyable={{ text }} code data-testid={testId}>
    {text}
  </Typography.Text>
);

/**
 * The device's MQTT settings right after it was registered or its secret rotated. The password is
 * shown this once: the server keeps only its hash.
 */
export function CredentialsModal({ type, deviceName, credentials: c, onClose }: CredentialsModalProps) {
  const { t } = useTranslation(['device', 'common']);
  const sample = useMemo(() => telemetrySample(type, new Date()), [type]);
  const publish = `mosquitto_pub -h ${c.host} -p ${c.port} -i '${c.clientId}' -u '${c.username}' -P '${c.password}' -q 1 -t '${c.topics.up}' -m '${JSON.stringify(JSON.parse(sample))}'`;
  return (
    <Modal
      open
      width={760}
      title={t('device:credentials.title', { name: deviceName })}
      okText={t('device:credentials.done')}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
    >
      <Alert
        type="warning"
        showIcon
        message={t('device:credentials.once')}
        description={t('device:credentials.onceHint')}
        style={{ marginBottom: 16 }}
      />
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('device:credentials.host')}>
          <Copy text={c.host} />
        </Descriptions.Item>
        <Descriptions.Item label={t('device:credentials.port')}>
          <Copy text={String(c.port)} />
        </Descriptions.Item>
        <Descriptions.Item label={t('device:credentials.clientId')}>
          <Copy text={c.clientId} />
        </Descriptions.Item>
        <Descriptions.Item label={t('device:credentials.username')}>
          <Copy text={c.username} testId="device-credentials-username" />
        </Descriptions.Item>
        <Descriptions.Item label={t('device:credentials.password')}>
          <Copy text={c.password} testId="device-credentials-password" />
        </Descriptions.Item>
        {(['up', 'status', 'down', 'ack'] as const).map((k) => (
          <Descriptions.Item key={k} label={t(`device:credentials.topic.${k}`)}>
            <Copy text={c.topics[k]} />
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('device:credentials.sample')}
      </Typography.Title>
      <Typography.Paragraph copyable={{ text: sample }}>
        <pre className="tl-device-code">{sample}</pre>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('device:credentials.sampleHint')}</Typography.Paragraph>
      <Typography.Paragraph copyable={{ text: publish }}>
        <pre className="tl-device-code">{publish}</pre>
      </Typography.Paragraph>
    </Modal>
  );
}
