import CopyOutlined from '@ant-design/icons/CopyOutlined';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import QRCode from 'antd/es/qr-code';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../../shared/FeedbackProvider';
import type { SeedSummary } from '../api/seed.api';
import { publicSeedUrl } from '../seedForm';

/** The public page of a product: its link, a QR code to print on seed bags, and a way to open it. */
export function SeedLinkModal({
  tenantId,
  seed,
  onClose,
}: {
  tenantId: number;
  seed: SeedSummary | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['farmSeed', 'common']);
  const message = useMessage();
  const url = seed ? publicSeedUrl(window.location.origin, tenantId, seed.seedId) : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      message.success(t('farmSeed:link.copied'));
    } catch {
      message.error(t('farmSeed:link.copyFailed'));
    }
  };

  return (
    <Modal
      open={seed !== null}
      title={t('farmSeed:link.title', { name: seed?.seedName ?? '' })}
      onCancel={onClose}
      footer={null}
      width={420}
    >
      {seed ? (
        <div className="tl-seed-link">
          {seed.enabledFlag !== 1 ? (
            <Alert type="warning" showIcon title={t('farmSeed:link.disabled')} style={{ marginBottom: 16 }} />
          ) : null}
          <QRCode value={url} size={200} bordered={false} />
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={url} aria-label={t('farmSeed:link.url')} />
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              {t('farmSeed:link.copy')}
            </Button>
          </Space.Compact>
          <Button
            type="primary"
            block
            icon={<ExportOutlined />}
            href={url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('farmSeed:link.open')}
          </Button>
        </div>
      ) : null}
    </Modal>
  );
}
