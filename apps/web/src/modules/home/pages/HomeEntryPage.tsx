import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { FARM_HOME } from '../../../app/modules';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { useSelf } from '../../account/api/account.api';
import { logout } from '../../account/logout';
import { useNoviceCheck } from '../api/novice.api';
import { NoviceGuide } from '../components/NoviceGuide';
import '../home.css';

/** /home (spec 01 §2.9): the beginner's guide for a new tenant, otherwise straight to the farm home. */
export function HomeEntryPage() {
  const { t } = useTranslation(['home', 'shell']);
  const navigate = useNavigate();
  const self = useSelf();
  const tenantId = self.data?.tenantId;
  const novice = useNoviceCheck(tenantId);

  const leave = (
    <Button onClick={() => void logout((to) => navigate(to, { replace: true }))}>
      {t('shell:panel.logout')}
    </Button>
  );

  if (self.isError || novice.isError) {
    return (
      <div className="tl-home-state">
        <EmptyState
          variant="networkError"
          extra={
            <>
              <Button type="primary" onClick={() => void (self.isError ? self.refetch() : novice.refetch())}>
                {t('shell:retry')}
              </Button>
              {leave}
            </>
          }
        />
      </div>
    );
  }
  if (self.data && self.data.tenantId < 0) {
    return (
      <div className="tl-home-state">
        <EmptyState variant="noSystemInfo" description={t('shell:noTenant')} extra={leave} />
      </div>
    );
  }
  if (self.data && novice.data === 0) return <Navigate to={FARM_HOME} replace />;
  if (self.data && novice.data === 1) {
    return <NoviceGuide self={self.data} onDone={() => navigate(FARM_HOME, { replace: true })} />;
  }
  return (
    <div className="tl-home-state">
      <Spin size="large" />
    </div>
  );
}
