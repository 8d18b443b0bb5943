import type { NewsItem } from '@tilth/contracts/news.types';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/time';
import { nextSlide } from './newsModel';

const INTERVAL_MS = 5000;

/** The carousel of top items (spec 03 §2): auto-plays every 5 s, pauses while pointed at, dots to jump. */
export function NewsCarousel({ items, onOpen }: { items: NewsItem[]; onOpen: (id: number) => void }) {
  const { t } = useTranslation('news');
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = items.length;
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => nextSlide(i, count)), INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, count]);
  const shown = items[Math.min(index, count - 1)];
  if (!shown) return null;
  return (
    <section
      className="tl-news-carousel"
      aria-roledescription="carousel"
      aria-label={t('carousel')}
      data-testid="news-carousel"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      {items.map((item, i) => (
        <button
          type="button"
          key={item.consultId}
          className={`tl-news-slide${i === index ? ' is-active' : ''}`}
          aria-hidden={i !== index}
          tabIndex={i === index ? 0 : -1}
          onClick={() => onOpen(item.consultId)}
        >
          {item.coverPicture ? (
            <img src={item.coverPicture} alt="" loading={i === 0 ? 'eager' : 'lazy'} />
          ) : null}
          <span className="tl-news-slide__shade" />
          <span className="tl-news-slide__text">
            {item.label ? <span className="tl-news-chip">{item.label}</span> : null}
            <span className="tl-news-slide__title">{item.title}</span>
            <span className="tl-news-slide__meta">{formatDate(item.uploadDate)}</span>
          </span>
        </button>
      ))}
      {count > 1 ? (
        <div className="tl-news-dots">
          {items.map((item, i) => (
            <button
              type="button"
              key={item.consultId}
              className={i === index ? 'is-active' : ''}
              aria-label={t('slide', { n: i + 1 })}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
