import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FARM_HOME } from '../../../app/modules';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';

/** Any path the console does not know (spec 01 §2.1). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <EmptyState
        variant="notFound"
        description={t('common:notFound.description')}
        extra={
          <>
            <Button onClick={() => navigate(-1)}>{t('common:action.back')}</Button>
            <Button type="primary" onClick={() => navigate(FARM_HOME)}>
              {t('common:notFound.home')}
            </Button>
          </>
        }
      />
    </div>
  );
}
