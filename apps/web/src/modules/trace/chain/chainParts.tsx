import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ChainAnchor, type ChainVerification, shortHash } from './chain.api';

// Small pieces the ledger pages share: a hash shown short with a copy button, the anchor status tag,
// the honest naming banner and a verification's result.

const ANCHOR_COLOR = {
  pending: 'default',
  anchoring: 'processing',
  anchored: 'success',
  failed: 'error',
} as const;

export function HashText({ hash, to, full }: { hash: string; to?: string; full?: boolean }) {
  const shown = full ? hash : shortHash(hash);
  return (
    <Typography.Text copyable={{ text: hash }} code style={{ wordBreak: 'break-all' }}>
      {to ? <Link to={to}>{shown}</Link> : shown}
    </Typography.Text>
  );
}

export function AnchorTag({
  anchor,
  onRetry,
}: {
  anchor: ChainAnchor | null;
  /** Shown on a failed anchor to holders of the anchor permission. */
  onRetry?: (() => void) | undefined;
}) {
  const { t } = useTranslation('traceChain');
  if (!anchor) return <Tag>{t('anchorStatus.none')}</Tag>;
  const tag = <Tag color={ANCHOR_COLOR[anchor.status]}>{t(`anchorStatus.${anchor.status}`)}</Tag>;
  return (
    <span>
      {anchor.status === 'failed' && anchor.error ? <Tooltip title={anchor.error}>{tag}</Tooltip> : tag}
      {anchor.status === 'anchored' && anchor.externalRef ? (
        <Tooltip title={`${t('anchor.ref')}: ${anchor.externalRef}`}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {shortHash(anchor.externalRef)}
          </Typography.Text>
        </Tooltip>
      ) : null}
      {anchor.status === 'failed' && onRetry ? (
        <Button size="small" type="link" onClick={onRetry}>
          {t('anchor.retry')}
        </Button>
      ) : null}
    </span>
  );
}

export function HonestBanner({ provider }: { provider: string }) {
  const { t } = useTranslation('traceChain');
  return (
    <Alert
      type="info"
      showIcon
      message={t('honest.title')}
      description={
        provider === 'none'
          ? t('honest.notAnchored')
          : t('honest.anchored', { provider: t(`anchor.${provider}`, { defaultValue: provider }) })
      }
    />
  );
}

/** What a finished (or running) verification found, in words. */
export function verificationText(
  v: ChainVerification,
  t: (k: string, o?: Record<string, unknown>) => string,
) {
  if (v.status === 'running') return t('verify.running', { at: v.nextHeight, to: v.toHeight });
  if (v.status === 'valid')
    return v.toHeight === 0
      ? t('verify.validEmpty')
      : t('verify.valid', {
          blocks: v.checkedBlocks,
          txs: v.checkedTransactions,
          from: v.fromHeight,
          to: v.toHeight,
        });
  const reason = t(`reason.${v.reason}`, { txIndex: v.txIndex ?? '' });
  return t('verify.broken', { height: v.brokenHeight, reason });
}
