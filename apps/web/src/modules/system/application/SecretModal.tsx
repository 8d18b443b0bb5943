import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';

/** A secret the server answered once (create, rotate): shown until the dialog is closed, then gone. */
export interface RevealedSecret {
  appId: string;
  name: string;
  secret: string;
}

/** The dialog's body: the warning, the client id and the secret with a copy button. */
export function SecretNotice({ revealed }: { revealed: RevealedSecret }) {
  const { t } = useTranslation('applications');
  const message = useMessage();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(revealed.secret);
      message.success(t('applications:secret.copied'));
    } catch {
      message.error(t('applications:secret.copyFailed'));
    }
  };
  return (
    <>
      <Alert type="warning" showIcon title={t('applications:secret.warning')} style={{ marginBottom: 16 }} />
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('applications:field.appId')}>
          <Typography.Text code copyable>
            {revealed.appId}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('applications:field.secret')}>
          <Typography.Text code data-testid="client-secret" style={{ wordBreak: 'break-all' }}>
            {revealed.secret}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Button type="primary" style={{ marginTop: 16 }} onClick={() => void copy()}>
        {t('applications:secret.copy')}
      </Button>
    </>
  );
}

/**
 * Shows a just-answered secret once. The page drops it on close (the dialog is destroyed with it), so it
 * cannot be shown again: only rotating makes a new one.
 */
export function SecretModal({ revealed, onClose }: { revealed: RevealedSecret | null; onClose: () => void }) {
  const { t } = useTranslation(['applications', 'common']);
  return (
    <Modal
      open={revealed !== null}
      title={revealed ? t('applications:secret.title', { name: revealed.name }) : ''}
      onCancel={onClose}
      onOk={onClose}
      okText={t('applications:secret.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {revealed ? <SecretNotice revealed={revealed} /> : null}
    </Modal>
  );
}
