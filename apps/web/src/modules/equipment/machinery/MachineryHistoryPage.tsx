import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { MachineryPage } from './MachineryParts';
import { MACHINERY_BASE } from './machineryFormat';
import { TrackView } from './TrackView';
import { useMachine } from './useMachine';

/** equipment/farmmachinery-monitoring/history/{id}: one machine's track over a date range, played back. */
export function MachineryHistoryPage() {
  const { t } = useTranslation(['machinery', 'common']);
  const navigate = useNavigate();
  const { machine, live, loading, notFound } = useMachine();
  const machines = useMemo(() => (machine ? [machine] : []), [machine]);
  if (notFound) return <EmptyState variant="notFound" />;
  if (loading || !machine) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <MachineryPage
      title={t('machinery:history.title', { name: machine.name })}
      live={live}
      extra={
        <Button onClick={() => void navigate(`${MACHINERY_BASE}-monitoring`)}>
          {t('common:action.back')}
        </Button>
      }
    >
      <TrackView machines={machines} selectedId={machine.id} height={520} />
    </MachineryPage>
  );
}
