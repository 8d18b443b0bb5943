// Puts a server's refusal next to the field it is about. Schema errors name their path
// ("Invalid request: body.config.highLevelCm: …; body.eui: …"); service errors are matched by code.

export interface FieldError {
  name: (string | number)[];
  errors: string[];
}

/** Form fields of the device form a failed save may point at. */
const FIELDS = ['name', 'eui', 'iccid', 'areaId', 'landId', 'parentId', 'description'] as const;

const byCode: readonly [RegExp, (string | number)[]][] = [
  [/eui|serial/i, ['eui']],
  [/iccid|sim/i, ['iccid']],
  [/land|plot/i, ['landId']],
  [/area|base/i, ['areaId']],
  [/parent|gateway/i, ['parentId']],
];

/**
 * The field errors of a failed save, and whatever could not be placed on a field (shown above the form).
 * `message` is the server's text in the user's language.
 */
export const formErrorsOf = (
  code: string,
  message: string,
): { fields: FieldError[]; rest: string | null } => {
  const fields: FieldError[] = [];
  const found = [...message.matchAll(/body\.([A-Za-z0-9_.]+):\s*([^;]+)/g)];
  for (const [, path = '', text = ''] of found) {
    const parts = path.split('.');
    const head = parts[0] ?? '';
    if (head === 'config' && parts.length > 1)
      fields.push({ name: ['config', parts[1] ?? ''], errors: [text.trim()] });
    else if ((FIELDS as readonly string[]).includes(head))
      fields.push({ name: [head], errors: [text.trim()] });
  }
  if (fields.length > 0) return { fields, rest: fields.length < found.length ? message : null };
  // The type's settings schema names the setting first: 'Invalid device settings: highLevelCm: …'.
  if (/config/i.test(code)) {
    const m = /:\s*([A-Za-z][A-Za-z0-9_]*):\s*(.+)$/.exec(message);
    if (m?.[1] && m[2]) return { fields: [{ name: ['config', m[1]], errors: [m[2].trim()] }], rest: null };
    return { fields: [], rest: message || null };
  }
  const hit = byCode.find(([re]) => re.test(code));
  if (hit) return { fields: [{ name: hit[1], errors: [message] }], rest: null };
  // A type setting refused by the type's config schema names the setting in the text.
  const setting = /config\.([A-Za-z0-9_]+)/.exec(message)?.[1];
  if (setting) return { fields: [{ name: ['config', setting], errors: [message] }], rest: null };
  return { fields: [], rest: message || null };
};
