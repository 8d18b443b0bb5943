import { useQuery } from '@tanstack/react-query';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../../shell/ShellContext';
import { identifyApi, identifyKeys } from './identify.api';
import { PhotoImage } from './PhotoImage';

/** One knowledge entry: what it is, the damage, control advice and the inputs registered against it. */
export function KnowledgeDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(['identify', 'common']);
  const { tenantId } = useShell();
  const en = i18n.language === 'en-US';
  const q = useQuery({
    queryKey: identifyKeys.entry(tenantId, id ?? 0),
    queryFn: () => identifyApi.entry(tenantId, id as number),
    enabled: id !== null,
  });
  const k = q.data;
  const text = (zh: string | null, enText: string | null) => (en ? enText || zh : zh || enText) || '—';
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={720}
      title={k ? k.name : t('identify:knowledge.title')}
      destroyOnHidden
    >
      {q.isLoading && <Spin />}
      {k && (
        <div data-testid="knowledge-detail" style={{ display: 'grid', gap: 16 }}>
          <Descriptions
            column={1}
            size="small"
            bordered
            styles={{ label: { width: 110, whiteSpace: 'nowrap' } }}
          >
            <Descriptions.Item label={t('identify:knowledge.kind')}>
              <Tag color={k.kind === 'pest' ? 'orange' : 'purple'}>{t(`identify:kind.${k.kind}`)}</Tag>
              {k.origin === 'tenant' && (
                <Tag>{t(k.overridesPlatform ? 'identify:origin.override' : 'identify:origin.tenant')}</Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('identify:knowledge.otherName')}>
              {en ? k.nameZh : k.nameEn}
            </Descriptions.Item>
            {k.latinName && (
              <Descriptions.Item label={t('identify:knowledge.latin')}>
                <i>{k.latinName}</i>
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('identify:knowledge.crops')}>
              {(en ? k.cropsEn : k.cropsZh).join(en ? ', ' : '、') || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('identify:knowledge.description')}>
              {text(k.descriptionZh, k.descriptionEn)}
            </Descriptions.Item>
            <Descriptions.Item label={t('identify:knowledge.damage')}>
              {text(k.damageZh, k.damageEn)}
            </Descriptions.Item>
            <Descriptions.Item label={t('identify:knowledge.control')}>
              {text(k.controlZh, k.controlEn)}
            </Descriptions.Item>
            <Descriptions.Item label={t('identify:knowledge.ingredients')}>
              {k.ingredients.join(en ? ', ' : '、') || '—'}
            </Descriptions.Item>
          </Descriptions>
          {k.images.length > 0 && (
            <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
              {k.images.map((u) => (
                <PhotoImage key={u} url={u} size={120} alt={k.name} />
              ))}
            </div>
          )}
          <section>
            <h4>{t('identify:knowledge.inputs')}</h4>
            {k.inputs.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('identify:knowledge.noInputs')} />
            ) : (
              <ul data-testid="knowledge-inputs" style={{ paddingInlineStart: 20 }}>
                {k.inputs.map((i) => (
                  <li key={i.inputId}>
                    {i.inputName}
                    {i.registrationNo ? ` (${i.registrationNo})` : ''}{' '}
                    <Tag>{t(`identify:match.${i.match}`)}</Tag>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Drawer>
  );
}
