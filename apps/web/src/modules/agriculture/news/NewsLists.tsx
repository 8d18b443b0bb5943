import EyeOutlined from '@ant-design/icons/EyeOutlined';
import FireOutlined from '@ant-design/icons/FireOutlined';
import type { NewsItem } from '@tilth/contracts/news.types';
import Pagination from 'antd/es/pagination';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/time';
import { countText, sourceText } from './newsModel';

/** 'Latest information' or the 'hot list': titles with time (latest) or rank and reads (hot). */
export function NewsRankList({
  kind,
  items,
  onOpen,
}: {
  kind: 'latest' | 'hot';
  items: NewsItem[];
  onOpen: (id: number) => void;
}) {
  const { t, i18n } = useTranslation('news');
  return (
    <section className={`tl-news-panel tl-news-panel--${kind}`} data-testid={`news-${kind}`}>
      <h2>
        {kind === 'hot' ? <FireOutlined /> : null} {t(kind)}
      </h2>
      {items.length === 0 ? (
        <p className="tl-news-empty">{t('empty')}</p>
      ) : (
        <ol>
          {items.map((item, i) => (
            <li key={item.consultId}>
              <button type="button" onClick={() => onOpen(item.consultId)} title={item.title}>
                {kind === 'hot' ? (
                  <span className={`tl-news-rank tl-news-rank--${i + 1}`}>{i + 1}</span>
                ) : null}
                <span className="tl-news-rowtitle">{item.title}</span>
                <span className="tl-news-rowmeta">
                  {kind === 'hot' ? (
                    <>
                      <EyeOutlined /> {countText(item.readTime, i18n.language)}
                    </>
                  ) : (
                    formatDate(item.uploadDate)
                  )}
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A category's cards, paged by 20 from page 1 (spec 03 §9). */
export function NewsCards({
  items,
  total,
  page,
  size,
  onPage,
  onOpen,
}: {
  items: NewsItem[];
  total: number;
  page: number;
  size: number;
  onPage: (page: number) => void;
  onOpen: (id: number) => void;
}) {
  const { t, i18n } = useTranslation('news');
  if (total === 0) return <p className="tl-news-empty">{t('emptyCategory')}</p>;
  return (
    <>
      <div className="tl-news-cards">
        {items.map((item) => (
          <button
            type="button"
            className="tl-news-card"
            key={item.consultId}
            onClick={() => onOpen(item.consultId)}
            data-testid="news-card"
          >
            <span className="tl-news-card__cover">
              {item.coverPicture ? (
                <img src={item.coverPicture} alt="" loading="lazy" />
              ) : (
                <span>{item.title.slice(0, 2)}</span>
              )}
            </span>
            <span className="tl-news-card__body">
              <span className="tl-news-card__title">{item.title}</span>
              {item.summary ? <span className="tl-news-card__summary">{item.summary}</span> : null}
              <span className="tl-news-card__meta">
                <span>{formatDate(item.uploadDate)}</span>
                <span>{sourceText(item.articleSource)}</span>
                <span>
                  <EyeOutlined /> {countText(item.readTime, i18n.language)}
                </span>
              </span>
            </span>
          </button>
        ))}
      </div>
      {total > size ? (
        <Pagination
          className="tl-news-pager"
          current={page}
          pageSize={size}
          total={total}
          showSizeChanger={false}
          onChange={onPage}
          showTotal={(n) => t('total', { count: n })}
        />
      ) : null}
    </>
  );
}
