import type { BusinessType } from '@tilth/contracts';
import { APPROVAL_DOC_TYPE_DEFS, type ApprovalDocType } from '@tilth/contracts/workflow.docs';
import { COMMON_APPROVAL_FIELDS, type ProcessModel } from '@tilth/contracts/workflow.model';
import { MODEL_ISSUE_TEXT, validateProcessModel } from '@tilth/contracts/workflow.validate';
import { cleanModel } from './modelEdit';

type Lang = 'zh-CN' | 'en-US';

export interface ShownIssue {
  nodeId: string | null;
  message: string;
}

/** The designer's live check: the server's rules (shared from contracts), texts in the console's language. */
export const localIssues = (model: ProcessModel, docType: ApprovalDocType, lang: Lang): ShownIssue[] =>
  validateProcessModel(cleanModel(model), APPROVAL_DOC_TYPE_DEFS[docType].fields).map((i) => ({
    nodeId: i.nodeId,
    message: MODEL_ISSUE_TEXT[i.code][lang],
  }));

/** The fields a branch condition may test, named in `lang`. */
export const conditionFields = (docType: ApprovalDocType, lang: Lang): BusinessType['fields'] =>
  [...APPROVAL_DOC_TYPE_DEFS[docType].fields, ...COMMON_APPROVAL_FIELDS].map((f) => ({
    key: f.key,
    type: f.type,
    ref: f.ref ?? null,
    name: f.name[lang],
  }));
