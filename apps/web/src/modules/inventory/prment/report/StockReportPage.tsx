import Tabs from 'antd/es/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWarehouses } from '../components/HeaderFields';
import { type LedgerFilter, LedgerTab } from './LedgerTab';
import { SlowTab } from './SlowTab';
import { SummaryTab } from './SummaryTab';
import './invReport.css';

type TabKey = 'summary' | 'ledger' | 'slow';

/** prment/report: in / out / balance by period, the movement detail it drills into, and slow movers. */
export function StockReportPage() {
  const { t } = useTranslation('invReport');
  const [tab, setTab] = useState<TabKey>('summary');
  const [ledgerFilter, setLedgerFilter] = useState<LedgerFilter>({});
  // Drilling in remounts the detail's toolbar so its search boxes show the new filter.
  const [drills, setDrills] = useState(0);
  // Every enabled warehouse the caller can see, not only those holding stock (one emptied still has history).
  const warehouses = useWarehouses();
  const options = (warehouses.data ?? []).map((w) => ({ value: w.id, label: w.warehouseName }));
  return (
    <section className="tl-card tl-report">
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as TabKey)}
        items={[
          {
            key: 'summary',
            label: t('tab.summary'),
            children: (
              <SummaryTab
                warehouses={options}
                onDrill={(d) => {
                  setLedgerFilter(d);
                  setDrills((n) => n + 1);
                  setTab('ledger');
                }}
              />
            ),
          },
          {
            key: 'ledger',
            label: t('tab.ledger'),
            children: (
              <LedgerTab key={drills} warehouses={options} filter={ledgerFilter} onFilter={setLedgerFilter} />
            ),
          },
          { key: 'slow', label: t('tab.slow'), children: <SlowTab warehouses={options} /> },
        ]}
      />
    </section>
  );
}
