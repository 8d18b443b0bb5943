import { useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Table from 'antd/es/table';
import Upload from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { type ImportAnswer, userKeys, usersApi } from './users.api';

/** Upload of the filled-in template; all rows are imported, or none and each bad row's reason is listed. */
export function ImportModal({
  tenantId,
  open,
  onClose,
}: {
  tenantId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['users', 'common']);
  const message = useMessage();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const close = () => {
    setAnswer(null);
    onClose();
  };
  const upload = async (file: File) => {
    setBusy(true);
    try {
      const a = await usersApi.importFile(tenantId, file);
      setAnswer(a);
      if (a.rejected.length === 0) {
        message.success(t('users:import.done', { count: a.imported }));
        await queryClient.invalidateQueries({ queryKey: [...userKeys.list(tenantId)] });
      }
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('users:title.import')}
      onCancel={close}
      footer={null}
      width={640}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={t('users:import.help')} style={{ marginBottom: 16 }} />
      <div style={{ display: 'flex', gap: 8, marginBottom: 16 }}>
        <Button onClick={() => void usersApi.template(tenantId).catch(() => undefined)}>
          {t('users:action.template')}
        </Button>
        <Upload
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button type="primary" loading={busy}>
            {t('users:import.upload')}
          </Button>
        </Upload>
      </div>
      {answer && answer.rejected.length > 0 ? (
        <>
          <Alert type="error" showIcon message={t('users:import.rejected')} style={{ marginBottom: 8 }} />
          <Table
            size="small"
            rowKey={(r) => `${r.row}:${r.field}:${r.message}`}
            dataSource={answer.rejected}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            columns={[
              { title: t('users:import.row'), dataIndex: 'row', width: 70 },
              { title: t('users:import.field'), dataIndex: 'field', width: 110 },
              { title: t('users:import.reason'), dataIndex: 'message' },
            ]}
          />
        </>
      ) : null}
    </Modal>
  );
}
