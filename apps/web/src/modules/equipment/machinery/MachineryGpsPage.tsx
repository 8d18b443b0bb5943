import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MachineryPage, NoMachines } from './MachineryParts';
import { TrackView } from './TrackView';
import { useMachines } from './useMachines';

/** equipment/farmmachinery-gps: every machine's latest position; a chosen machine's track played back. */
export function MachineryGpsPage() {
  const { t } = useTranslation(['machinery', 'common']);
  const { machines, loading, live } = useMachines();
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <MachineryPage title={t('equipment:route.machineryGps')} live={live}>
      {!loading && machines.length === 0 ? (
        <NoMachines />
      ) : (
        <TrackView machines={machines} selectedId={selected} onSelect={setSelected} height={520} />
      )}
    </MachineryPage>
  );
}
