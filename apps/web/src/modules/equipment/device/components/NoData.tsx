import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';

/** Spec 02 §2: the no-data placeholder 'Sorry, no data yet!'. */
export function NoData() {
  const { t } = useTranslation('device');
  return <EmptyState variant="noData" size="small" title={t('device:empty')} />;
}
