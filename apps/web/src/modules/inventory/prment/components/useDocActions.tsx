import { useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfirmDelete } from '../../../../shared/crud/useConfirmDelete';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { useShell } from '../../../../shell/ShellContext';
import { ProcessTimelineModal } from '../../../farm/approval/ProcessTimelineModal';
import { useSubmitForApproval } from '../../../farm/approval/useSubmitForApproval';
import { type InvDoc, invDocApi, invDocKeys } from '../api/invDoc.api';
import { type DocAction, docApprovalFields } from '../docModel';
import { APPROVAL_TYPE, DOC_PATHS } from '../docTypes';
import { ExecuteDialog } from './ExecuteDialog';

/** Where a return converts to: a customer's return comes in, a return to a supplier goes out. */
export const returnTarget = (d: Pick<InvDoc, 'bizType'>): 'warehousing' | 'shipment' =>
  d.bizType === 'supplier_return' ? 'shipment' : 'warehousing';

/**
 * Runs a document's actions (list rows and the info page share them): navigation to the edit, resubmit
 * and convert pages, and the confirmed calls — delete, submit, reverse, create legs, adjust — plus the
 * store / ship dialog. `after` refreshes what the caller shows.
 */
export function useDocActions(after: () => unknown, onDeleted?: () => void) {
  const { t } = useTranslation(['invDoc', 'common']);
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const message = useMessage();
  const queryClient = useQueryClient();
  const confirmDelete = useConfirmDelete();
  const submitForApproval = useSubmitForApproval();
  const [executing, setExecuting] = useState<number | null>(null);
  const [timeline, setTimeline] = useState<number | null>(null);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: invDocKeys.all(tenantId) });
    await after();
  };

  const confirmCall = (title: string, content: string, call: () => Promise<InvDoc>, done: string) =>
    modal.confirm({
      title,
      content,
      okText: t('common:action.confirm'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        try {
          const result = await call();
          message.success(done);
          await refresh();
          return result;
        } catch {
          // Shown by the API client.
        }
      },
    });

  const run = (action: DocAction, d: InvDoc) => {
    switch (action) {
      case 'timeline':
        return setTimeline(d.processId);
      case 'edit':
        return navigate(DOC_PATHS.edit(d.docType, d.id));
      case 'resubmit':
        return navigate(DOC_PATHS.resubmit(d.id));
      case 'delete':
        return confirmDelete(
          d.docCode,
          () => invDocApi.remove(tenantId, d.id, d.objectVersionNumber),
          async () => {
            onDeleted?.();
            await refresh();
          },
          { content: t('invDoc:deleteHint'), width: 400 },
        );
      case 'submit':
        return void submitForApproval(
          d.docCode,
          (chosen) => invDocApi.submit(tenantId, d.id, d.objectVersionNumber, chosen),
          {
            tenantId,
            docType: APPROVAL_TYPE[d.docType],
            fields: {
              ...docApprovalFields(d.warehouseId, d.areaId, d.lines),
              // A list row has no lines: its totals decide the route.
              ...(d.lines ? {} : { amount: d.totalAmount, quantity: d.totalQuantity }),
            },
          },
        ).then(refresh);
      case 'execute':
        return setExecuting(d.id);
      case 'reverse':
        return confirmCall(
          t('invDoc:action.reverse'),
          t('invDoc:confirm.reverse', { code: d.docCode }),
          () => invDocApi.reverse(tenantId, d.id, d.objectVersionNumber),
          t('invDoc:message.reversed'),
        );
      case 'legs':
        return navigate(DOC_PATHS.transferConvert(d.id));
      case 'adjust':
        return navigate(DOC_PATHS.stocktakeConvert(d.id));
      case 'convertPurchase':
        return navigate(DOC_PATHS.convertPurchase(d.id));
      case 'convertShipment':
        return navigate(DOC_PATHS.convertShipment(d.id));
      case 'shipmentReturn':
        return navigate(DOC_PATHS.shipmentReturn(d.id));
      case 'returnConvert':
      case 'supplierReturn':
        return navigate(DOC_PATHS.returnConvert(d.id));
    }
  };

  const dialogs = (
    <>
      <ExecuteDialog docId={executing} onClose={() => setExecuting(null)} onDone={() => void after()} />
      <ProcessTimelineModal processId={timeline} onClose={() => setTimeline(null)} />
    </>
  );

  return { run, dialogs, confirmCall };
}
