import { useTranslation } from 'react-i18next';
import { useShell } from '../../../shell/ShellContext';
import { AlarmsTab } from '../alarm/AlarmsTab';
import { MachineryPage } from './MachineryParts';
import { MACHINE_TYPE } from './machineryFormat';

/** equipment/farmmachinery-alarm: the alarm list of the alarm module, farm machines only. */
export function MachineryAlarmPage() {
  const { t } = useTranslation(['machinery', 'common']);
  const { tenantId } = useShell();
  return (
    <MachineryPage title={t('equipment:route.machineryAlarm')}>
      <AlarmsTab tenantId={tenantId} typeKey={MACHINE_TYPE} />
    </MachineryPage>
  );
}
