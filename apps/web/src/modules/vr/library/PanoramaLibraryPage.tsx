import { PANORAMA_NAME_MAX, PANORAMA_PAGE_SIZE, type Panorama } from '@tilth/contracts/panorama.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Switch from 'antd/es/switch';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { useMessage } from '../../../shared/FeedbackProvider';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { useShell } from '../../../shell/ShellContext';
import { AuthImage } from './AuthImage';
import { libraryKeys, PANORAMA_CODES, panoramaApi } from './library.api';
import { PanoramaUploadModal } from './PanoramaUploadModal';
import { formatBytes, formatPixels, formatVrDate } from './vrFormat';

const STATUS_COLOR = { processing: 'processing', ready: 'success', failed: 'error' } as const;

/** The panorama library (/system/panorama): upload, rename, enable, delete the panoramas tours are made of. */
export function PanoramaLibraryPage() {
  const { t, i18n } = useTranslation(['vr', 'common']);
  const lang = i18n.language;
  const { tenantId } = useShell();
  const message = useMessage();
  const confirmDelete = useConfirmDelete();
  const key = useMemo(() => libraryKeys.panoramas(tenantId), [tenantId]);
  const list = usePagedList<Panorama>(key, (q) => panoramaApi.page(tenantId, q), {
    pageSize: PANORAMA_PAGE_SIZE,
  });
  const [uploading, setUploading] = useState(false);
  const [renaming, setRenaming] = useState<Panorama | null>(null);
  const [form] = Form.useForm<{ panoramaName: string }>();

  const fields: FilterField[] = [
    { name: 'panoramaName', label: t('vr:panorama.name'), type: 'text' },
    {
      name: 'enabledFlag',
      label: t('vr:panorama.enabled'),
      type: 'select',
      options: [
        { value: 1, label: t('vr:enabled.1') },
        { value: 0, label: t('vr:enabled.0') },
      ],
    },
    {
      name: 'status',
      label: t('vr:panorama.status'),
      type: 'select',
      options: (['processing', 'ready', 'failed'] as const).map((s) => ({
        value: s,
        label: t(`vr:status.${s}`),
      })),
    },
  ];

  const toggle = async (p: Panorama, on: boolean) => {
    try {
      await panoramaApi.update(tenantId, {
        panoramaId: p.panoramaId,
        enabledFlag: on ? 1 : 0,
        objectVersionNumber: p.objectVersionNumber,
      });
      message.success(on ? t('vr:message.enabled') : t('vr:message.disabled'));
    } catch {
      // The API client showed the reason (stale version …).
    }
    await list.refresh();
  };

  const rename = async () => {
    if (!renaming) return;
    const { panoramaName } = await form.validateFields();
    try {
      await panoramaApi.update(tenantId, {
        panoramaId: renaming.panoramaId,
        panoramaName: panoramaName.trim(),
        objectVersionNumber: renaming.objectVersionNumber,
      });
      message.success(t('vr:message.saved'));
      setRenaming(null);
      await list.refresh();
    } catch {
      // Shown by the API client; the modal stays open.
    }
  };

  const columns: ColumnsType<Panorama> = [
    {
      title: t('vr:panorama.thumb'),
      dataIndex: 'panoramaThumb',
      width: 140,
      render: (url: string, p) =>
        p.status === 'ready' ? (
          <AuthImage url={url} width={112} height={56} alt={p.panoramaName} />
        ) : (
          <AuthImage url={null} width={112} height={56} />
        ),
    },
    { title: t('vr:panorama.name'), dataIndex: 'panoramaName', ellipsis: true },
    {
      title: t('vr:panorama.pixels'),
      key: 'pixels',
      width: 150,
      render: (_, p) => (p.width ? formatPixels(p.width, p.height, lang) : '—'),
    },
    {
      title: t('vr:panorama.fileSize'),
      dataIndex: 'fileSize',
      width: 110,
      render: (v: number) => formatBytes(v, lang),
    },
    {
      title: t('vr:panorama.status'),
      dataIndex: 'status',
      width: 130,
      render: (s: Panorama['status'], p) => {
        const tag = (
          <Tag color={STATUS_COLOR[s]}>
            {t(`vr:status.${s}`)}
            {s === 'processing' ? ` ${p.progress}%` : ''}
          </Tag>
        );
        return s === 'failed' && p.error ? <Tooltip title={p.error}>{tag}</Tooltip> : tag;
      },
    },
    {
      title: t('vr:panorama.usedBy'),
      dataIndex: 'sceneCount',
      width: 110,
      render: (n: number) => t('vr:panorama.sceneCount', { count: n }),
    },
    {
      title: t('vr:panorama.enabled'),
      dataIndex: 'enabledFlag',
      width: 90,
      render: (v: number, p) => (
        <PermissionGuard codes={[PANORAMA_CODES.edit]} fallback={t(`vr:enabled.${v}`)}>
          <Switch
            size="small"
            checked={v === 1}
            aria-label={t('vr:panorama.enabled')}
            onChange={(on) => void toggle(p, on)}
          />
        </PermissionGuard>
      ),
    },
    {
      title: t('vr:panorama.created'),
      dataIndex: 'creationDate',
      width: 170,
      render: (v: string) => formatVrDate(v, lang, true),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, p) => (
        <RowActions
          onEdit={() => {
            form.setFieldsValue({ panoramaName: p.panoramaName });
            setRenaming(p);
          }}
          editCode={PANORAMA_CODES.edit}
          onDelete={() =>
            confirmDelete(p.panoramaName, () => panoramaApi.remove(tenantId, p), list.refresh, {
              content: p.sceneCount > 0 ? t('vr:panorama.deleteUsed', { count: p.sceneCount }) : undefined,
            })
          }
          deleteCode={PANORAMA_CODES.delete}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setUploading(true)}
        addText={t('vr:upload.button')}
        addCode={PANORAMA_CODES.upload}
      />
      <PagedTable<Panorama>
        list={list}
        rowKey="panoramaId"
        columns={columns}
        scroll={{ x: 1200 }}
        empty={{
          title: t('vr:panorama.empty'),
          onAdd: () => setUploading(true),
          addText: t('vr:upload.button'),
          addCode: PANORAMA_CODES.upload,
        }}
      />
      <PanoramaUploadModal
        tenantId={tenantId}
        open={uploading}
        onClose={() => {
          setUploading(false);
          void list.refresh();
        }}
        onReady={() => void list.refresh()}
      />
      <Modal
        title={t('vr:panorama.rename')}
        open={renaming !== null}
        onCancel={() => setRenaming(null)}
        onOk={() => void rename()}
        okText={t('common:action.confirm')}
        cancelText={t('common:action.cancel')}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="panoramaName"
            label={t('vr:panorama.name')}
            rules={[
              { required: true, whitespace: true, message: t('vr:panorama.nameRequired') },
              { max: PANORAMA_NAME_MAX, message: t('vr:panorama.nameTooLong', { max: PANORAMA_NAME_MAX }) },
            ]}
          >
            <Input maxLength={PANORAMA_NAME_MAX} showCount autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
