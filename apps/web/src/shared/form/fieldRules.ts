import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

// Issue 12 item 5: every validation message names its field in words. antd falls back to the field's
// name path ("请输入0,taskName") when a Form.Item has no string label, and its "required" text says
// "enter" for every control. These helpers give the words and the verb from one place.

/** How the user fills the field: typing ("请输入 / Please enter") or picking ("请选择 / Please select"). */
export type FieldKind = 'input' | 'select';

export const requiredMessage = (t: TFunction, label: string, kind: FieldKind = 'input'): string =>
  t(kind === 'select' ? 'common:form.selectRequired' : 'common:form.inputRequired', { label });

/** A required rule whose message names the field and uses the verb of its control. */
export const requiredRule = (t: TFunction, label: string, kind: FieldKind = 'input'): Rule => ({
  required: true,
  // Blank text counts as empty for typed fields only; a picked value is never whitespace.
  ...(kind === 'input' ? { whitespace: true } : {}),
  message: requiredMessage(t, label, kind),
});

/** For a Form.Item without a visible label (rows of a list): the words its messages use instead of the path. */
export const fieldWords = (label: string): { messageVariables: { label: string } } => ({
  messageVariables: { label },
});
