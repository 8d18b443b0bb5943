import CheckOutlined from '@ant-design/icons/CheckOutlined';
import App from 'antd/es/app';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Pagination from 'antd/es/pagination';
import Popconfirm from 'antd/es/popconfirm';
import Radio from 'antd/es/radio';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../shared/EmptyState/EmptyState';
import { useNoticeList, useReadAll } from './notice.api';
import {
  clampPage,
  formatNoticeTime,
  htmlToText,
  NOTICE_EXCERPT_LENGTH,
  NOTICE_PAGE_SIZE,
  NOTICE_PAGE_SIZES,
  type NoticeKind,
  type NoticeListItem,
  type NoticeTarget,
  READ_FILTERS,
  type ReadFilter,
  truncate,
} from './noticeModel';

export interface NoticeListProps {
  tenantId: number;
  kind: NoticeKind;
  /** Unread count of this kind (from the badge's counts): the all-read button needs at least one. */
  unread: number;
  onOpen: (target: NoticeTarget) => void;
}

function NoticeRow({ item, onOpen }: { item: NoticeListItem; onOpen: (target: NoticeTarget) => void }) {
  const { t } = useTranslation('notice');
  const open = () => onOpen({ kind: item.kind, id: item.id, unread: item.unread });
  const excerpt = truncate(htmlToText(item.body), NOTICE_EXCERPT_LENGTH);
  const time = formatNoticeTime(item.publishedDate, t('notice.timeFormat'));
  return (
    <li className={`tl-notice-item${item.unread ? ' is-unread' : ''}`}>
      <div className="tl-notice-item__head">
        <Badge dot={item.unread} offset={[4, 2]} title={item.unread ? t('notice.unread') : undefined}>
          <button type="button" className="tl-notice-item__title" onClick={open}>
            {item.title}
          </button>
        </Badge>
        {item.platform ? (
          <Tag className="tl-notice-item__tag" color="green" variant="filled">
            {t('notice.platform')}
          </Tag>
        ) : null}
      </div>
      {excerpt ? <p className="tl-notice-item__excerpt">{excerpt}</p> : null}
      <div className="tl-notice-item__foot">
        <span className="tl-notice-item__meta">
          <span>{item.publisher ?? t('notice.publisher.system')}</span>
          {time ? <span>{time}</span> : null}
        </span>
        <Button type="link" size="small" className="tl-notice-item__more" onClick={open}>
          {t('notice.viewDetails')}
        </Button>
      </div>
    </li>
  );
}

/**
 * Announcements or notifications (spec 01 §2.12): read / unread / all filter, the list, a paginator with a
 * size changer and an all-read button that asks first.
 */
export function NoticeList({ tenantId, kind, unread, onOpen }: NoticeListProps) {
  const { t } = useTranslation('notice');
  const { message } = App.useApp();
  const [filter, setFilter] = useState<ReadFilter>('all');
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState<number>(NOTICE_PAGE_SIZE);
  const list = useNoticeList(tenantId, kind, current, size, filter);
  const readAll = useReadAll(tenantId);

  // Reads can empty the last page of the unread filter: step back to the last page that exists.
  const total = list.data?.total;
  useEffect(() => {
    if (total === undefined) return;
    const last = clampPage(current, total, size);
    if (last !== current) setCurrent(last);
  }, [total, current, size]);

  const markAllRead = async () => {
    try {
      await readAll.mutateAsync(kind);
      message.success(t('notice.readAll.done'));
    } catch {
      // The API client has shown the server's message.
    }
  };

  const items = list.data?.items ?? [];
  let content: ReactNode;
  if (list.isPending) {
    content = (
      <div className="tl-notice-list__loading">
        <Spin />
      </div>
    );
  } else if (list.isError && !list.data) {
    content = <EmptyState variant="networkError" size="small" />;
  } else if (items.length === 0) {
    content = <EmptyState variant="noData" size="small" />;
  } else {
    content = (
      <Spin spinning={list.isFetching && list.isPlaceholderData}>
        <ul className="tl-notice-list__items">
          {items.map((item) => (
            <NoticeRow key={item.id} item={item} onOpen={onOpen} />
          ))}
        </ul>
      </Spin>
    );
  }

  return (
    <div className="tl-notice-list">
      <div className="tl-notice-list__bar">
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          size="small"
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value as ReadFilter);
            setCurrent(1);
          }}
          options={READ_FILTERS.map((f) => ({ value: f, label: t(`notice.filter.${f}`) }))}
        />
        <Popconfirm
          title={t(`notice.readAll.confirm.${kind}`)}
          okText={t('notice.confirm')}
          cancelText={t('notice.cancel')}
          placement="bottomRight"
          onConfirm={markAllRead}
          disabled={unread === 0}
        >
          <Button size="small" icon={<CheckOutlined />} disabled={unread === 0} loading={readAll.isPending}>
            {t('notice.readAll')}
          </Button>
        </Popconfirm>
      </div>
      <div className="tl-notice-list__body">{content}</div>
      <div className="tl-notice-list__pager">
        <Pagination
          size="small"
          current={current}
          pageSize={size}
          total={list.data?.total ?? 0}
          showSizeChanger
          pageSizeOptions={NOTICE_PAGE_SIZES.map(String)}
          showTotal={(count) => t('notice.total', { count })}
          onChange={(page, pageSize) => {
            setCurrent(pageSize === size ? page : 1);
            setSize(pageSize);
          }}
        />
      </div>
    </div>
  );
}
