import type { RevisionDiff } from '@tilth/contracts/article.types';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { diffCounts, fieldChanges, htmlToText, textDiff } from './articleDiff';

/** Two revisions compared: the fields that changed (before → after) and the body, word by word. */
export function RevisionDiffView({ diff }: { diff: RevisionDiff }) {
  const { t } = useTranslation('contentArticle');
  const picture = t('contentArticle:diff.picture');
  const body = useMemo(
    () => textDiff(htmlToText(diff.from.content, picture), htmlToText(diff.to.content, picture)),
    [diff, picture],
  );
  const counts = diffCounts(body);
  const fields = fieldChanges(diff.from, diff.to);
  const same = fields.length === 0 && counts.added === 0 && counts.removed === 0;

  if (same) return <Empty description={t('contentArticle:diff.same')} />;
  return (
    <div className="tl-article-diff" data-testid="revision-diff">
      {fields.length > 0 ? (
        <Table
          size="small"
          rowKey="field"
          pagination={false}
          style={{ marginBottom: 16 }}
          dataSource={fields}
          columns={[
            {
              title: t('contentArticle:diff.field'),
              dataIndex: 'field',
              width: 110,
              render: (f: string) => t(`contentArticle:diff.fields.${f}`),
            },
            {
              title: `v${diff.from.revision}`,
              dataIndex: 'from',
              render: (v: string) =>
                v ? (
                  <del className="tl-diff-del">{v}</del>
                ) : (
                  <Typography.Text type="secondary">—</Typography.Text>
                ),
            },
            {
              title: `v${diff.to.revision}`,
              dataIndex: 'to',
              render: (v: string) =>
                v ? (
                  <ins className="tl-diff-ins">{v}</ins>
                ) : (
                  <Typography.Text type="secondary">—</Typography.Text>
                ),
            },
          ]}
        />
      ) : null}
      <Space style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('contentArticle:diff.body')}</Typography.Text>
        <Tag color="success">{t('contentArticle:diff.added', { count: counts.added })}</Tag>
        <Tag color="error">{t('contentArticle:diff.removed', { count: counts.removed })}</Tag>
      </Space>
      <div className="tl-diff-body" data-testid="revision-diff-body">
        {body.map((p, i) =>
          p.added ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts are a fixed sequence; their order is their identity
            <ins key={i} className="tl-diff-ins">
              {p.value}
            </ins>
          ) : p.removed ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <del key={i} className="tl-diff-del">
              {p.value}
            </del>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <span key={i}>{p.value}</span>
          ),
        )}
      </div>
    </div>
  );
}
