import Drawer from 'antd/es/drawer';
import Input from 'antd/es/input';
import Progress from 'antd/es/progress';
import Radio from 'antd/es/radio';
import Space from 'antd/es/space';
import Statistic from 'antd/es/statistic';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { formatDateTime } from '../../../shared/format/time';
import { type NoticeDetail, type NoticeReadersPage, noticeAdminApi, noticeAdminKeys } from './notice.api';
import { readPercent } from './noticeAdminModel';

type Reader = NoticeReadersPage['content'][number];

/** "Who read": the announcement's audience with read / unread and read time, with counts. */
export function NoticeReadersDrawer({
  tenantId,
  notice,
  onClose,
}: {
  tenantId: number;
  notice: NoticeDetail | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['contentNotice', 'common']);
  const [stats, setStats] = useState({ readCount: 0, audienceCount: 0 });
  const id = notice?.id ?? 0;
  const key = useMemo(() => noticeAdminKeys.readers(tenantId, id), [tenantId, id]);
  const list = usePagedList<Reader>(
    key,
    async (q) => {
      const page = await noticeAdminApi.readers(tenantId, id, q);
      setStats({ readCount: page.readCount, audienceCount: page.audienceCount });
      return page;
    },
    { enabled: notice !== null, pageSize: 20 },
  );
  const readFlag = list.filters.readFlag;
  const nf = new Intl.NumberFormat(i18n.language);

  const columns: ColumnsType<Reader> = [
    { title: t('contentNotice:readers.name'), dataIndex: 'realName', ellipsis: true },
    { title: t('contentNotice:readers.login'), dataIndex: 'loginName', ellipsis: true },
    {
      title: t('contentNotice:readers.state'),
      dataIndex: 'readFlag',
      width: 100,
      render: (f: number) => (
        <Tag color={f === 1 ? 'success' : 'default'}>
          {t(`contentNotice:readers.flag.${f === 1 ? 1 : 0}`)}
        </Tag>
      ),
    },
    {
      title: t('contentNotice:readers.readDate'),
      dataIndex: 'readDate',
      width: 180,
      render: (d: string | null) => (d ? formatDateTime(d) : '—'),
    },
  ];

  return (
    <Drawer
      open={notice !== null}
      onClose={onClose}
      size="large"
      destroyOnHidden
      title={t('contentNotice:readers.title', { title: notice?.title ?? '' })}
    >
      <Space size={48} style={{ marginBottom: 16 }} align="center">
        <Statistic title={t('contentNotice:readers.read')} value={nf.format(stats.readCount)} />
        <Statistic
          title={t('contentNotice:readers.unread')}
          value={nf.format(stats.audienceCount - stats.readCount)}
        />
        <Statistic title={t('contentNotice:readers.audience')} value={nf.format(stats.audienceCount)} />
        <Progress type="circle" size={64} percent={readPercent(stats)} />
      </Space>
      <Space style={{ marginBottom: 12 }} wrap>
        <Radio.Group
          optionType="button"
          value={readFlag === undefined ? 'all' : String(readFlag)}
          onChange={(e) => {
            const v = e.target.value as string;
            list.search({ ...list.filters, readFlag: v === 'all' ? undefined : Number(v) });
          }}
          options={[
            { value: 'all', label: t('contentNotice:readers.all') },
            { value: '1', label: t('contentNotice:readers.flag.1') },
            { value: '0', label: t('contentNotice:readers.flag.0') },
          ]}
        />
        <Input.Search
          allowClear
          placeholder={t('contentNotice:readers.search')}
          onSearch={(keyword) => list.search({ ...list.filters, keyword: keyword.trim() || undefined })}
          style={{ width: 220 }}
        />
      </Space>
      <PagedTable<Reader>
        rowKey={(r) => `${r.tenantId}-${r.userId}`}
        columns={columns}
        list={list}
        empty={{ title: t('contentNotice:readers.empty') }}
      />
    </Drawer>
  );
}
