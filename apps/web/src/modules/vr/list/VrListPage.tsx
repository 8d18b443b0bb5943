import CopyOutlined from '@ant-design/icons/CopyOutlined';
import { useQuery } from '@tanstack/react-query';
import type { Vr } from '@tilth/contracts/vr.types';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { useMessage } from '../../../shared/FeedbackProvider';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { useShell } from '../../../shell/ShellContext';
import { AuthImage } from '../library/AuthImage';
import { libraryKeys, tourApi, VR_CODES } from '../library/library.api';
import { formatVrDate } from '../library/vrFormat';
import { VrCreateModal } from './VrCreateModal';
import { baseTags, editPath, previewPath, publicUrl } from './vrListModel';

const copy = async (text: string): Promise<boolean> => {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
};

/** The tour list (/system/vr-video): create, edit, preview, publish / withdraw the public link, delete. */
export function VrListPage() {
  const { t, i18n } = useTranslation(['vr', 'common']);
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const message = useMessage();
  const confirmDelete = useConfirmDelete();
  const key = useMemo(() => libraryKeys.tours(tenantId), [tenantId]);
  const list = usePagedList<Vr>(key, (q) => tourApi.page(tenantId, q));
  const [creating, setCreating] = useState(false);
  const areas = useQuery({ queryKey: libraryKeys.areas(tenantId), queryFn: () => tourApi.areas(tenantId) });
  // The link a visitor opens is on this console's own host.
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  const copyLink = async (url: string) => {
    if (await copy(url)) message.success(t('vr:publish.copied'));
    else message.warning(t('vr:publish.copyFailed'));
  };

  const publish = async (v: Vr) => {
    try {
      const { publicPath } = await tourApi.publish(tenantId, v.vrId);
      const url = publicUrl(origin, publicPath);
      await list.refresh();
      if (!url) return;
      modal.success({
        title: t('vr:publish.done'),
        content: (
          <Typography.Paragraph copyable={{ text: url }} style={{ wordBreak: 'break-all' }}>
            {url}
          </Typography.Paragraph>
        ),
        okText: t('vr:publish.copyAndClose'),
        onOk: () => copyLink(url),
      });
    } catch {
      // Shown by the API client.
    }
  };

  const withdraw = (v: Vr) =>
    modal.confirm({
      title: t('vr:publish.withdrawConfirm', { name: v.vrName }),
      content: t('vr:publish.withdrawHelp'),
      okButtonProps: { danger: true },
      okText: t('vr:publish.withdraw'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        try {
          await tourApi.withdraw(tenantId, v.vrId);
          message.success(t('vr:publish.withdrawn'));
          await list.refresh();
        } catch {
          // Shown by the API client.
        }
      },
    });

  const fields: FilterField[] = [
    { name: 'vrName', label: t('vr:field.name'), type: 'text' },
    {
      name: 'areaId',
      label: t('vr:field.bases'),
      type: 'select',
      options: (areas.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName })),
    },
  ];

  const columns: ColumnsType<Vr> = [
    {
      title: t('vr:field.cover'),
      dataIndex: 'vrCover',
      width: 130,
      render: (u: string, v) => <AuthImage url={u || null} width={104} height={58} alt={v.vrName} />,
    },
    { title: t('vr:field.name'), dataIndex: 'vrName', width: 180, ellipsis: true },
    {
      title: t('vr:field.bases'),
      dataIndex: 'area',
      render: (area: Vr['area']) => {
        const { tags, more } = baseTags(area);
        return (
          <Space size={[0, 4]} wrap>
            {tags.map((a) => (
              <Tag key={a.areaId}>{a.areaName}</Tag>
            ))}
            {more > 0 ? (
              <Tooltip
                title={area
                  .slice(tags.length)
                  .map((a) => a.areaName)
                  .join(', ')}
              >
                <Tag>+{more}</Tag>
              </Tooltip>
            ) : null}
          </Space>
        );
      },
    },
    {
      title: t('vr:field.scenes'),
      dataIndex: 'sceneCount',
      width: 90,
      render: (n: number) => new Intl.NumberFormat(i18n.language).format(n),
    },
    {
      title: t('vr:field.enabled'),
      dataIndex: 'enabledFlag',
      width: 90,
      render: (f: number) => <Tag color={f === 1 ? 'success' : 'default'}>{t(`vr:enabled.${f}`)}</Tag>,
    },
    {
      title: t('vr:field.link'),
      dataIndex: 'publicPath',
      width: 200,
      render: (p: string | null) => {
        const url = publicUrl(origin, p);
        if (!url) return <Typography.Text type="secondary">{t('vr:publish.notPublished')}</Typography.Text>;
        return (
          <Space size={4}>
            <Typography.Link
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              ellipsis
              style={{ maxWidth: 140 }}
            >
              {p}
            </Typography.Link>
            <Tooltip title={t('vr:publish.copy')}>
              <Button
                type="text"
                size="small"
                icon={<CopyOutlined />}
                aria-label={t('vr:publish.copy')}
                onClick={() => void copyLink(url)}
              />
            </Tooltip>
          </Space>
        );
      },
    },
    {
      title: t('vr:field.updated'),
      dataIndex: 'lastUpdateDate',
      width: 170,
      render: (d: string) => formatVrDate(d, i18n.language, true),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 260,
      fixed: 'right',
      render: (_, v) => (
        <RowActions
          leading={
            <>
              <Button type="link" size="small" onClick={() => navigate(previewPath(v.vrId))}>
                {t('vr:action.preview')}
              </Button>
              <PermissionGuard codes={[VR_CODES.publish]}>
                {v.publicPath ? (
                  <Button type="link" size="small" onClick={() => withdraw(v)}>
                    {t('vr:publish.withdraw')}
                  </Button>
                ) : (
                  <Button type="link" size="small" onClick={() => void publish(v)}>
                    {t('vr:publish.publish')}
                  </Button>
                )}
              </PermissionGuard>
            </>
          }
          onEdit={() => navigate(editPath(v.vrId))}
          editCode={VR_CODES.edit}
          onDelete={() => confirmDelete(v.vrName, () => tourApi.remove(tenantId, v), list.refresh)}
          deleteCode={VR_CODES.delete}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setCreating(true)}
        addText={t('vr:create.button')}
        addCode={VR_CODES.create}
      />
      <PagedTable<Vr>
        list={list}
        rowKey="vrId"
        columns={columns}
        scroll={{ x: 1400 }}
        empty={{
          title: t('vr:list.empty'),
          onAdd: () => setCreating(true),
          addText: t('vr:create.button'),
          addCode: VR_CODES.create,
        }}
      />
      <VrCreateModal
        tenantId={tenantId}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(made) => {
          setCreating(false);
          void list.refresh();
          navigate(editPath(made.vrId));
        }}
      />
    </section>
  );
}
