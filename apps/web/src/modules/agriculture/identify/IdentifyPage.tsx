import Tabs from 'antd/es/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryTab } from './HistoryTab';
import { IdentifyPanel } from './IdentifyPanel';
import { KnowledgeDrawer } from './KnowledgeDrawer';
import { KnowledgeTab } from './KnowledgeTab';

/** 病虫害识别 / Pest identification (/web/agriculture/identify): identify, history, knowledge base. */
export function IdentifyPage() {
  const { t } = useTranslation(['identify']);
  const [entry, setEntry] = useState<number | null>(null);
  return (
    <section className="tl-card">
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'identify',
            label: t('identify:tab.identify'),
            children: <IdentifyPanel onOpenEntry={setEntry} />,
          },
          {
            key: 'history',
            label: t('identify:tab.history'),
            children: <HistoryTab onOpenEntry={setEntry} />,
          },
          {
            key: 'knowledge',
            label: t('identify:tab.knowledge'),
            children: <KnowledgeTab onOpenEntry={setEntry} />,
          },
        ]}
      />
      <KnowledgeDrawer id={entry} onClose={() => setEntry(null)} />
    </section>
  );
}
