import Button from 'antd/es/button';
import Space from 'antd/es/space';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionGuard } from '../permission/PermissionGuard';

export interface RowActionsProps {
  /** Shown first, to everyone (detail, link …). */
  leading?: ReactNode;
  /** Without it there is no edit button. */
  onEdit?: () => void;
  editCode?: string;
  /** More actions for holders of the edit code, after edit (enable/disable, harvest …). */
  editExtra?: ReactNode;
  /** Without it there is no delete button. */
  onDelete?: () => void;
  deleteCode?: string;
}

const guard = (code: string | undefined) => (code ? [code] : []);

/** The operations cell of a list row: edit and delete link buttons, each behind its permission code. */
export function RowActions({ leading, onEdit, editCode, editExtra, onDelete, deleteCode }: RowActionsProps) {
  const { t } = useTranslation('common');
  return (
    <Space size={0}>
      {leading}
      {onEdit ? (
        <PermissionGuard codes={guard(editCode)}>
          <Button type="link" size="small" onClick={onEdit}>
            {t('common:action.edit')}
          </Button>
          {editExtra}
        </PermissionGuard>
      ) : null}
      {onDelete ? (
        <PermissionGuard codes={guard(deleteCode)}>
          <Button type="link" size="small" danger onClick={onDelete}>
            {t('common:action.delete')}
          </Button>
        </PermissionGuard>
      ) : null}
    </Space>
  );
}
