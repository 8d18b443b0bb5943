import Tabs from 'antd/es/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../../shell/ShellContext';
import { AlarmsTab } from './AlarmsTab';
import { RulesTab } from './RulesTab';

/** equipment/warning-manage: the alarms (active first) and the rules that raise them. */
export function WarningManagePage() {
  const { t } = useTranslation(['alarm', 'common']);
  const { tenantId } = useShell();
  const [tab, setTab] = useState('alarms');
  return (
    <section className="tl-card">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'alarms', label: t('alarm:tab.alarms'), children: <AlarmsTab tenantId={tenantId} /> },
          { key: 'rules', label: t('alarm:tab.rules'), children: <RulesTab tenantId={tenantId} /> },
        ]}
      />
    </section>
  );
}
