import type { ApprovalDocType, ApprovalPreview, ChosenAssignees } from '@tilth/contracts';
import App from 'antd/es/app';
import { useTranslation } from 'react-i18next';
import { approvalApi } from './approval.api';
import { ChooseApproversForm } from './ChooseApproversForm';
import { chosenBody, missingChoices, type Picks, routeLine, stepsToChoose } from './chooseApprovers';

export interface ApproverChoice {
  /** Undefined when no step of the route is chosen by the applicant. */
  chosen: ChosenAssignees | undefined;
  /** Whether the applicant went through the dialog (it then served as the confirmation). */
  asked: boolean;
  preview: ApprovalPreview;
}

/**
 * Before a document is sent: previews its route and, when steps are the applicant's to choose, asks for
 * them in the "Choose approvers" dialog. Resolves null when cancelled or the preview failed (the API client
 * showed why).
 */
export function useApproverChoice() {
  const { modal } = App.useApp();
  const { t } = useTranslation('farm');
  return async (
    tenantId: number,
    docType: ApprovalDocType,
    fields: Record<string, number>,
  ): Promise<ApproverChoice | null> => {
    let preview: ApprovalPreview;
    try {
      preview = await approvalApi.preview(tenantId, { docType, fields });
    } catch {
      return null;
    }
    const steps = stepsToChoose(preview);
    if (steps.length === 0) return { chosen: undefined, asked: false, preview };
    return new Promise((resolve) => {
      let picks: Picks = {};
      const dialog = modal.confirm({
        title: t('farm:approval.choose.title'),
        icon: null,
        width: 520,
        okText: t('farm:approval.choose.ok'),
        okButtonProps: { disabled: true },
        content: (
          <ChooseApproversForm
            tenantId={tenantId}
            steps={steps}
            route={routeLine(preview)}
            onChange={(next) => {
              picks = next;
              dialog.update({ okButtonProps: { disabled: missingChoices(steps, next).length > 0 } });
            }}
          />
        ),
        onOk: () => resolve({ chosen: chosenBody(steps, picks), asked: true, preview }),
        onCancel: () => resolve(null),
      });
    });
  };
}
