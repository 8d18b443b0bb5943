import InboxOutlined from '@ant-design/icons/InboxOutlined';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Upload from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../shared/api/client';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { useShell } from '../../../shell/ShellContext';
import { IDENTIFY_CODES, type Identification, identifyApi, identifyKeys } from './identify.api';
import { checkPhoto, confidenceTone, expertHref, formatConfidence, PHOTO_ACCEPT } from './identifyModel';
import { PhotoImage } from './PhotoImage';

const STATUS_COLOR = {
  identified: 'success',
  uncertain: 'warning',
  refused: 'error',
  unconfigured: 'default',
} as const;

/** Upload a photo → the top candidates with confidence, knowledge links and the way to an expert. */
export function IdentifyPanel({ onOpenEntry }: { onOpenEntry: (knowledgeId: number) => void }) {
  const { t, i18n } = useTranslation(['identify', 'common']);
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const status = useQuery({
    queryKey: identifyKeys.status(tenantId),
    queryFn: () => identifyApi.status(tenantId),
  });
  const crops = useQuery({
    queryKey: identifyKeys.crops(tenantId),
    queryFn: () => identifyApi.crops(tenantId),
  });
  const [cropId, setCropId] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Identification | null>(null);
  const floor = status.data?.minConfidence ?? 0.6;

  const send = async (file: File) => {
    const refusal = checkPhoto(file, status.data?.maxBytes);
    if (refusal) {
      setError(t(`identify:${refusal}`, { n: Math.round((status.data?.maxBytes ?? 10485760) / 1048576) }));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      setResult(await identifyApi.identify(tenantId, file, cropId));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const askExpert = (r: Identification | null) =>
    navigate(r ? expertHref(r.expertUrl, cropId) : '/web/agriculture/expert-inquiry?ask=1');

  return (
    <div className="tl-identify" style={{ display: 'grid', gap: 16 }}>
      {status.data && !status.data.configured && (
        <Alert
          type="warning"
          showIcon
          data-testid="identify-unconfigured"
          message={t('identify:unconfigured.title')}
          description={t('identify:unconfigured.description')}
          action={
            <Button size="small" onClick={() => askExpert(null)}>
              {t('identify:askExpert')}
            </Button>
          }
        />
      )}
      <Space wrap>
        <span>{t('identify:crop')}</span>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ minWidth: 200 }}
          placeholder={t('identify:cropPlaceholder')}
          value={cropId}
          onChange={(v) => setCropId(v)}
          options={(crops.data ?? []).map((c) => ({
            value: c.cropId,
            label: i18n.language === 'en-US' && c.cropEnName ? c.cropEnName : c.cropName,
          }))}
        />
      </Space>
      <PermissionGuard
        codes={[IDENTIFY_CODES.run]}
        fallback={<Alert type="info" message={t('identify:noRunPermission')} />}
      >
        <Spin spinning={busy} tip={t('identify:identifying')}>
          <Upload.Dragger
            accept={PHOTO_ACCEPT}
            multiple={false}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('identify:upload.drop')}</p>
            <p className="ant-upload-hint">
              {t('identify:upload.hint', { n: Math.round((status.data?.maxBytes ?? 10485760) / 1048576) })}
            </p>
          </Upload.Dragger>
        </Spin>
      </PermissionGuard>
      {error && <Alert type="error" showIcon message={error} data-testid="identify-error" />}
      {result && (
        <section
          className="tl-card"
          data-testid="identify-result"
          style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}
        >
          <PhotoImage url={result.photoUrl} size={160} alt={t('identify:photo')} />
          <div style={{ flex: 1, minWidth: 260, display: 'grid', gap: 8, alignContent: 'start' }}>
            <Space>
              <Tag color={STATUS_COLOR[result.status]} data-testid="identify-status">
                {t(`identify:status.${result.status}`)}
              </Tag>
              {result.runCount > 1 && (
                <span style={{ color: 'var(--ant-color-text-secondary)' }}>{t('identify:sameAnswer')}</span>
              )}
            </Space>
            {result.message && (
              <Alert
                type={result.status === 'unconfigured' ? 'warning' : 'info'}
                message={result.message}
                data-testid="identify-message"
              />
            )}
            {result.candidates.length > 0 && (
              <ol
                style={{ margin: 0, paddingInlineStart: 20, display: 'grid', gap: 8 }}
                data-testid="identify-candidates"
              >
                {result.candidates.map((c) => (
                  <li key={c.label}>
                    <Space wrap>
                      {c.knowledgeId ? (
                        <Button
                          type="link"
                          style={{ padding: 0 }}
                          onClick={() => onOpenEntry(c.knowledgeId as number)}
                        >
                          {c.name}
                        </Button>
                      ) : (
                        <span>{c.name}</span>
                      )}
                      <span>{formatConfidence(c.confidence, i18n.language)}</span>
                    </Space>
                    <Progress
                      percent={Math.round(c.confidence * 100)}
                      showInfo={false}
                      size="small"
                      status={confidenceTone(c.confidence, floor)}
                    />
                  </li>
                ))}
              </ol>
            )}
            <Space>
              <Button
                type={result.status === 'identified' ? 'default' : 'primary'}
                onClick={() => askExpert(result)}
              >
                {t('identify:askExpert')}
              </Button>
            </Space>
          </div>
        </section>
      )}
      {status.data?.configured && (
        <p style={{ color: 'var(--ant-color-text-tertiary)', margin: 0 }}>
          {t('identify:model', {
            model: status.data.modelKey,
            floor: formatConfidence(floor, i18n.language),
          })}
        </p>
      )}
      {busy && (
        <Progress percent={100} status="active" showInfo={false} aria-label={t('identify:identifying')} />
      )}
    </div>
  );
}
