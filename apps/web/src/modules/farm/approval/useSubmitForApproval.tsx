import type { ApprovalDocType, ChosenAssignees } from '@tilth/contracts';
import App from 'antd/es/app';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { routeLine } from './chooseApprovers';
import { useApproverChoice } from './useApproverChoice';

export interface SubmitRoute {
  tenantId: number;
  docType: ApprovalDocType;
  /** The document's condition fields, for the route preview. */
  fields: Record<string, number>;
}

/**
 * Sends a draft or rejected document into approval: previews its route, asks for the approvers the
 * applicant chooses (that dialog is the confirmation) or else confirms showing the route, then sends.
 * Resolves once done (sent, failed — the API client shows the server's message — or cancelled).
 */
export function useSubmitForApproval() {
  const { modal } = App.useApp();
  const message = useMessage();
  const { t } = useTranslation('farm');
  const choose = useApproverChoice();
  const sendNow = async (send: (chosen?: ChosenAssignees) => Promise<unknown>, chosen?: ChosenAssignees) => {
    try {
      await send(chosen);
      message.success(t('farm:approval.submitted'));
    } catch {
      // Shown by the API client.
    }
  };
  return async (
    name: string,
    send: (chosen?: ChosenAssignees) => Promise<unknown>,
    route: SubmitRoute,
  ): Promise<void> => {
    const choice = await choose(route.tenantId, route.docType, route.fields);
    if (!choice) return;
    if (choice.asked) return sendNow(send, choice.chosen);
    const line = routeLine(choice.preview);
    return new Promise((resolve) => {
      modal.confirm({
        title: t('farm:approval.submit'),
        content: (
          <>
            <div>{t('farm:approval.submitConfirm', { name })}</div>
            {line ? <div>{t('farm:approval.route', { route: line })}</div> : null}
          </>
        ),
        onOk: async () => {
          await sendNow(send, choice.chosen);
          resolve();
        },
        onCancel: () => resolve(),
      });
    });
  };
}
