import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { formatDateTime } from '../../../../shared/format/time';
import type { FarmLog } from '../api/farmLog.api';
import { isLevel, isSource, LEVEL_COLOR } from '../farmLogModel';
import { LogPictureGallery } from './LogPicture';

export const LOG_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** One log in full: level, place, time, source, author, description and its pictures (click to preview). */
export function FarmLogDrawer({ log, onClose }: { log: FarmLog | null; onClose: () => void }) {
  const { t } = useTranslation('farmLog');
  return (
    <Drawer open={log !== null} onClose={onClose} size={560} title={log?.title ?? ''} destroyOnHidden>
      {log ? (
        <div className="tl-log-detail">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('field.level')}>
              <Tag color={LEVEL_COLOR[log.level] ?? 'default'}>
                {isLevel(log.level) ? t(`level.${log.level}`) : log.level}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.logTime')}>
              {formatDateTime(log.logTime, LOG_TIME_FORMAT)}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.area')}>{log.areaName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.land')}>{log.landName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.source')}>
              {isSource(log.source) ? t(`source.${log.source}`) : log.source}
              {log.sourceId !== null ? ` #${log.sourceId}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.createdBy')}>{log.createdByName ?? '—'}</Descriptions.Item>
          </Descriptions>
          <h4 className="tl-log-detail__heading">{t('field.description')}</h4>
          <p className="tl-log-detail__text">{log.description || t('detail.noDescription')}</p>
          <h4 className="tl-log-detail__heading">
            {t('field.pictures')} ({log.pictures.length})
          </h4>
          {log.pictures.length ? (
            <LogPictureGallery urls={log.pictures} />
          ) : (
            <EmptyState variant="noData" size="small" title={t('detail.noPictures')} />
          )}
        </div>
      ) : null}
    </Drawer>
  );
}
