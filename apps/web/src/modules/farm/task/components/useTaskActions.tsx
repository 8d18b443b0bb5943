import { useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { type Task, type TaskAction, taskApi, taskKeys } from '../api/task.api';
import { AssignModal, FinishModal, type ReasonAction, ReasonModal } from './TaskActionModals';

interface Options {
  tenantId: number;
  /** After any change: reload the list. */
  onChanged: () => Promise<void> | void;
  /** Edit opens the page's form. */
  onEdit?: (task: Task) => void;
}

/**
 * The task actions as buttons: only those the server lists in `task.actions` (state, role and permission
 * together), each with its confirm or dialog, and a reload after it.
 */
export const useTaskActions = ({ tenantId, onChanged, onEdit }: Options) => {
  const { t } = useTranslation(['farmTask', 'common']);
  const { modal } = App.useApp();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [assigning, setAssigning] = useState<Task | null>(null);
  const [finishing, setFinishing] = useState<Task | null>(null);
  const [reasoning, setReasoning] = useState<{ task: Task; action: ReasonAction } | null>(null);

  const changed = async (done: string) => {
    message.success(t(`message.${done}`));
    await queryClient.invalidateQueries({ queryKey: taskKeys.all(tenantId) });
    await onChanged();
  };

  const confirm = (task: Task, action: 'start' | 'approve' | 'delete') => {
    modal.confirm({
      title:
        action === 'delete'
          ? t('common:confirm.delete', { name: task.taskName })
          : t(`confirm.${action}`, { name: task.taskName }),
      width: action === 'delete' ? 330 : 416,
      okButtonProps: action === 'delete' ? { danger: true } : {},
      okText: action === 'delete' ? t('common:action.delete') : t(`action.${action}`),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        try {
          if (action === 'delete') await taskApi.remove(tenantId, task);
          else await taskApi.act(tenantId, task, action);
          await changed(action === 'delete' ? 'deleted' : action === 'start' ? 'started' : 'approved');
        } catch {
          // Shown by the API client.
        }
      },
    });
  };

  const run = (task: Task, action: TaskAction) => {
    if (action === 'edit') onEdit?.(task);
    else if (action === 'assign') setAssigning(task);
    else if (action === 'finish') setFinishing(task);
    else if (action === 'reject' || action === 'end' || action === 'cancel') setReasoning({ task, action });
    else confirm(task, action);
  };

  /** Buttons for the actions among `which` the task allows now. */
  const buttons = (task: Task, which: readonly TaskAction[]): ReactNode[] =>
    which
      .filter((a) => task.actions.includes(a))
      .map((a) => (
        <Button
          key={a}
          type="link"
          size="small"
          danger={a === 'delete' || a === 'cancel'}
          onClick={(e) => {
            e.stopPropagation();
            run(task, a);
          }}
        >
          {a === 'edit' || a === 'delete' ? t(`common:action.${a}`) : t(`action.${a}`)}
        </Button>
      ));

  const close = () => {
    setAssigning(null);
    setFinishing(null);
    setReasoning(null);
  };
  const modals = (
    <>
      <AssignModal
        tenantId={tenantId}
        task={assigning}
        onClose={close}
        onDone={() => {
          close();
          void changed('assigned');
        }}
      />
      <FinishModal
        tenantId={tenantId}
        task={finishing}
        onClose={close}
        onDone={() => {
          close();
          void changed('finished');
        }}
      />
      <ReasonModal
        tenantId={tenantId}
        task={reasoning?.task ?? null}
        action={reasoning?.action ?? 'cancel'}
        onClose={close}
        onDone={() => {
          const action = reasoning?.action ?? 'cancel';
          close();
          void changed(action === 'reject' ? 'rejected' : action === 'end' ? 'ended' : 'canceled');
        }}
      />
    </>
  );
  return { buttons, run, modals };
};
