import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { fieldWords, requiredMessage, requiredRule } from './fieldRules';

// Issue 12 item 5: messages name the field in words ("请输入0,taskName" was the row's name path) and
// dropdowns say "select".

const common = import.meta.glob<Record<string, string>>('../../locales/*/common.json', {
  eager: true,
  import: 'default',
});
const zhCommon = common['../../locales/zh-CN/common.json'] ?? {};
const enCommon = common['../../locales/en-US/common.json'] ?? {};

const tOf = async (lng: string) => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    keySeparator: false,
    resources: { 'zh-CN': { common: zhCommon }, 'en-US': { common: enCommon } },
  });
  return i18n.t;
};

describe('required messages', () => {
  it('say enter for typed fields and select for dropdowns, in both languages', async () => {
    const zh = await tOf('zh-CN');
    const en = await tOf('en-US');
    expect(requiredMessage(zh, '任务名称')).toBe('请输入任务名称');
    expect(requiredMessage(zh, '任务类型', 'select')).toBe('请选择任务类型');
    expect(requiredMessage(en, 'task name')).toBe('Please enter task name');
    expect(requiredMessage(en, 'task type', 'select')).toBe('Please select task type');
  });

  it('make a required rule whose message names the field and its verb', async () => {
    const zh = await tOf('zh-CN');
    expect(requiredRule(zh, '名称')).toMatchObject({ required: true, message: '请输入名称' });
    expect(requiredRule(zh, '类型', 'select')).toMatchObject({ required: true, message: '请选择类型' });
    expect(fieldWords('用量')).toEqual({ messageVariables: { label: '用量' } });
  });
});

// The rule over every form of the console: antd's default "required" text says "enter" and, without a
// string label, names the field by its path. So a bare `{ required: true }` may not guard a dropdown, a
// date or a radio group, nor a list row's field (name={[…]}) that has no label and no fieldWords().
const sources = import.meta.glob<string>('../../**/*.tsx', { query: '?raw', import: 'default', eager: true });
const ITEM = /<Form\.Item\b((?:[^>]|=>)*?)>([\s\S]*?)<\/Form\.Item>/g;
const PICKER = /<(Select|TreeSelect|Cascader|DatePicker|RangePicker|Radio\.Group)\b/;
const BARE_REQUIRED = /\{ required: true \}/;

const offences = (): string[] => {
  const found: string[] = [];
  for (const [file, src] of Object.entries(sources)) {
    for (const m of src.matchAll(ITEM)) {
      const [, attrs = '', body = ''] = m;
      if (!BARE_REQUIRED.test(attrs)) continue;
      const line = src.slice(0, m.index).split('\n').length;
      if (PICKER.test(body.slice(0, 200))) found.push(`${file}:${line} dropdown says "enter"`);
      if (/name=\{\[/.test(attrs) && !/label=/.test(attrs) && !/fieldWords|messageVariables/.test(attrs)) {
        found.push(`${file}:${line} message shows the name path`);
      }
    }
  }
  return found;
};

describe('forms of the console', () => {
  it('scans the forms', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
  });

  it('never say "enter" for a dropdown nor show a name path', () => {
    expect(offences()).toEqual([]);
  });
});

describe('requiredRule checks by value', () => {
  const check = async (value: unknown): Promise<string | undefined> => {
    const rule = requiredRule(await tOf('zh-CN'), '天数');
    if (typeof rule === 'function' || !rule.validator) throw new Error('requiredRule has no validator');
    try {
      await rule.validator({}, value, () => undefined);
      return undefined;
    } catch (err) {
      return (err as Error).message;
    }
  };
  it('accepts 0 and other numbers (an InputNumber at day 0 is filled in)', async () => {
    expect(await check(0)).toBeUndefined();
    expect(await check(12.5)).toBeUndefined();
    expect(await check('番茄')).toBeUndefined();
  });
  it('refuses nothing, blank text and an empty choice, naming the field', async () => {
    for (const v of [undefined, null, '', '   ', []]) expect(await check(v)).toBe('请输入天数');
  });
});
