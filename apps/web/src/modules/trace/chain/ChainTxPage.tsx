import { useQuery } from '@tanstack/react-query';
import { type ProofResult, verifyProof } from '@tilth/contracts/trace-chain.proof';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import List from 'antd/es/list';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { formatNumber } from '../../../shared/format/number';
import { formatDateTime } from '../../../shared/format/time';
import { useShell } from '../../../shell/ShellContext';
import { algorithmName, blockPath, chainApi, chainKeys } from './chain.api';
import { browserHashOf } from './chainHash';
import { AnchorTag, HashText } from './chainParts';

const HASH = /^[0-9a-f]{64}$/;

/**
 * One transaction (/web/trace/block-chain-report/tx/:hash): its fields and facts, its proof, and a check
 * that runs verifyProof in this browser — not a word from the server that it is fine.
 */
export function ChainTxPage() {
  const { t, i18n } = useTranslation(['traceChain', 'common']);
  const lang = i18n.language;
  const { tenantId } = useShell();
  const hash = (useParams().hash ?? '').toLowerCase();
  const valid = HASH.test(hash);
  const q = useQuery({
    queryKey: chainKeys.tx(tenantId, hash),
    queryFn: () => chainApi.tx(tenantId, hash),
    enabled: valid,
    retry: false,
  });
  const [result, setResult] = useState<ProofResult | 'no-hash' | null>(null);
  if (!valid || (q.error instanceof ApiError && q.error.status === 404))
    return <EmptyState variant="notFound" title={t('tx.notFound')} />;
  const p = q.data;

  const check = () => {
    if (!p) return;
    const fn = browserHashOf(p.algorithm);
    // The console has no copy of the record itself: this checks the ledger part (tx, path, block).
    setResult(fn ? verifyProof(p, undefined, fn) : 'no-hash');
  };
  const failedText = (r: ProofResult) => t('tx.invalid', { what: t(`check.${r.failed}`) });

  return (
    <section className="tl-card" style={{ display: 'grid', gap: 16 }}>
      <Descriptions bordered size="small" column={1} title={t('field.txHash')}>
        <Descriptions.Item label={t('field.txHash')}>
          <HashText hash={hash} full />
        </Descriptions.Item>
        <Descriptions.Item label={t('field.block')}>
          {p ? (
            <Link to={blockPath(p.tx.blockHeight)}>
              {formatNumber(p.tx.blockHeight, lang, 0)} · #{p.tx.txIndex}
            </Link>
          ) : (
            '…'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.kind')}>
          {p ? t(`kind.${p.tx.kind}`, { defaultValue: p.tx.kind }) : '…'}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.refId')}>{p?.tx.refId ?? '…'}</Descriptions.Item>
        <Descriptions.Item label={t('field.dataHash')}>
          {p ? <HashText hash={p.tx.dataHash} full /> : '…'}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.meta')}>
          {p
            ? Object.entries(p.tx.meta).map(([k, v]) => (
                <div key={k}>
                  <Typography.Text type="secondary">{k}</Typography.Text>: {String(v)}
                </div>
              ))
            : '…'}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.createdAt')}>
          {p ? formatDateTime(p.tx.createdAt) : '…'}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.algorithm')}>
          {p ? algorithmName(p.algorithm) : '…'}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.anchor')}>
          {p ? <AnchorTag anchor={p.anchor} /> : '…'}
        </Descriptions.Item>
      </Descriptions>
      <Descriptions bordered size="small" column={1} title={t('tx.proof')}>
        <Descriptions.Item label={t('field.merkleRoot')}>
          {p ? <HashText hash={p.block.merkleRoot} full /> : '…'}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.blockHash')}>
          {p ? <HashText hash={p.block.blockHash} full /> : '…'}
        </Descriptions.Item>
        <Descriptions.Item label={t('tx.path')}>
          {p && p.merklePath.length === 0 ? (
            <Typography.Text type="secondary">{t('tx.noPath')}</Typography.Text>
          ) : (
            <List
              size="small"
              dataSource={p?.merklePath ?? []}
              renderItem={(h, i) => (
                <List.Item>
                  {i + 1}. <HashText hash={h} full />
                </List.Item>
              )}
            />
          )}
        </Descriptions.Item>
      </Descriptions>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Button type="primary" disabled={!p} onClick={check}>
            {t('tx.verify')}
          </Button>
          <Typography.Text type="secondary">{t('tx.verifyHint')}</Typography.Text>
        </Space>
        {result === 'no-hash' ? (
          <Alert type="warning" showIcon message={t('tx.noHash', { algorithm: p?.algorithm })} />
        ) : result ? (
          <Alert
            type={result.valid ? 'success' : 'error'}
            showIcon
            message={result.valid ? t('tx.valid', { height: p?.tx.blockHeight }) : failedText(result)}
            description={(['tx', 'merkle', 'block'] as const)
              .map((k) => `${result.checks[k] ? '✓' : '✗'} ${t(`check.${k}`)}`)
              .join('  ')}
          />
        ) : null}
      </Space>
    </section>
  );
}
