import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionGuard } from '../permission/PermissionGuard';
import { EmptyIllustration, type EmptyVariant } from './illustrations';
import './EmptyState.css';

export type { EmptyVariant } from './illustrations';

const TEXT: Record<EmptyVariant, string> = {
  noSystemInfo: 'common:empty.noSystemInfo',
  networkError: 'common:empty.networkError',
  noSearchResult: 'common:empty.noSearchResult',
  noPermission: 'common:empty.noPermission',
  noData: 'common:empty.noData',
  notFound: 'common:empty.notFound',
};

export interface EmptyStateProps {
  variant?: EmptyVariant;
  /** Replaces the variant's standard text. */
  title?: ReactNode;
  description?: ReactNode;
  /** noData: an add button, shown only to holders of `addCode` when one is given. */
  onAdd?: () => void;
  addText?: ReactNode;
  addCode?: string;
  /** More actions under the text. */
  extra?: ReactNode;
  /** Smaller illustration for cards and tables. */
  size?: 'default' | 'small';
  style?: CSSProperties;
}

/** The empty-state page in six variants (spec 01 §2.11, texts §8). */
export function EmptyState({
  variant = 'noData',
  title,
  description,
  onAdd,
  addText,
  addCode,
  extra,
  size = 'default',
  style,
}: EmptyStateProps) {
  const { t } = useTranslation();
  const small = size === 'small';
  const add =
    variant === 'noData' && onAdd ? (
      <PermissionGuard codes={addCode ? [addCode] : []}>
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {addText ?? t('common:action.add')}
        </Button>
      </PermissionGuard>
    ) : null;
  return (
    <div
      className={`tl-empty${small ? ' tl-empty--small' : ''}`}
      style={style}
      role="status"
      data-variant={variant}
    >
      <div className="tl-empty__art">
        <EmptyIllustration variant={variant} />
      </div>
      <div className="tl-empty__title">{title ?? t(TEXT[variant])}</div>
      {description ? <div className="tl-empty__desc">{description}</div> : null}
      {add || extra ? (
        <div className="tl-empty__actions">
          {add}
          {extra}
        </div>
      ) : null}
    </div>
  );
}
