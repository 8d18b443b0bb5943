import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { isBlank } from '../validators';

// Issue 12 item 5: every validation message names its field in words. antd falls back to the field's
// name path ("请输入0,taskName") when a Form.Item has no string label, and its "required" text says
// "enter" for every control. These helpers give the words and the verb from one place.

/** How the user fills the field: typing ("请输入 / Please enter") or picking ("请选择 / Please select"). */
export type FieldKind = 'input' | 'select';

export const requiredMessage = (t: TFunction, label: string, kind: FieldKind = 'input'): string =>
  t(kind === 'select' ? 'common:form.selectRequired' : 'common:form.inputRequired', { label });

/** Empty for every control: nothing, blank text, or an empty multiple choice. Numbers (0 too) are values. */
export const isBlankValue = (value: unknown): boolean =>
  typeof value === 'string'
    ? isBlank(value)
    : value === undefined || value === null || (Array.isArray(value) && value.length === 0);

/**
 * A required rule whose message names the field and uses the verb of its control. It checks by value,
 * not by type: async-validator's `whitespace` would make the rule a string rule and refuse an
 * InputNumber's 0 ("is not a string"), so blank text is caught here instead.
 */
export const requiredRule = (t: TFunction, label: string, kind: FieldKind = 'input'): Rule => {
  const message = requiredMessage(t, label, kind);
  return {
    required: true,
    message,
    validator: async (_rule, value: unknown) => {
      if (isBlankValue(value)) throw new Error(message);
    },
  };
};

/** For a Form.Item without a visible label (rows of a list): the words its messages use instead of the path. */
export const fieldWords = (label: string): { messageVariables: { label: string } } => ({
  messageVariables: { label },
});
