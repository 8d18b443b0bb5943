import type { SwitchType } from './control.types.js';
import { deviceTypeByKey } from './device-types.js';

// The control log as a farm manager reads it (report/equipmentLog/controlLog and its Excel export): the
// command's registry name and its params in words with units — "东棚卷帘（回路 3）：展开" rather than
// "sw: 1; circuit: 3; switchId: 3". Pure, both languages, shared by the console page and the server export.

export type LogLang = 'zh-CN' | 'en-US';
type Text = Readonly<Record<LogLang, string>>;

/** What the formatter needs of a control-log line (ControlLogItem has all of it). */
export interface CommandLogLine {
  deviceType: string | null;
  action: string;
  params: Readonly<Record<string, number | boolean | string>>;
  /** The switch or pump the command went to, when it went to one. */
  channelName?: string | null;
  channelCircuit?: number | null;
  switchType?: string | null;
}

/** Spec 02 §4: regular 1 open 0 close; motorised 1 forward 0 stop 2 reverse; curtain 1 unfold 0 stop 2 retract. */
const SW_WORDS: Readonly<Record<SwitchType, Readonly<Record<number, Text>>>> = {
  regular: {
    1: { 'zh-CN': '开', 'en-US': 'Open' },
    0: { 'zh-CN': '关', 'en-US': 'Close' },
  },
  motorised: {
    1: { 'zh-CN': '正转', 'en-US': 'Forward' },
    0: { 'zh-CN': '停止', 'en-US': 'Stop' },
    2: { 'zh-CN': '反转', 'en-US': 'Reverse' },
  },
  curtain: {
    1: { 'zh-CN': '展开', 'en-US': 'Unfold' },
    0: { 'zh-CN': '停止', 'en-US': 'Stop' },
    2: { 'zh-CN': '收拢', 'en-US': 'Retract' },
  },
};
/** A switch whose type is no longer known (deleted): words every type shares. */
const SW_ANY: Readonly<Record<number, Text>> = {
  1: { 'zh-CN': '开启', 'en-US': 'On' },
  0: { 'zh-CN': '关闭 / 停止', 'en-US': 'Off / stop' },
  2: { 'zh-CN': '反转 / 收拢', 'en-US': 'Reverse / retract' },
};

const DIRECTIONS: Readonly<Record<number, Text>> = {
  [-1]: { 'zh-CN': '停止', 'en-US': 'Stop' },
  0: { 'zh-CN': '上', 'en-US': 'Up' },
  1: { 'zh-CN': '下', 'en-US': 'Down' },
  2: { 'zh-CN': '左', 'en-US': 'Left' },
  3: { 'zh-CN': '右', 'en-US': 'Right' },
  4: { 'zh-CN': '左上', 'en-US': 'Up left' },
  5: { 'zh-CN': '左下', 'en-US': 'Down left' },
  6: { 'zh-CN': '右上', 'en-US': 'Up right' },
  7: { 'zh-CN': '右下', 'en-US': 'Down right' },
  8: { 'zh-CN': '放大', 'en-US': 'Zoom in' },
  9: { 'zh-CN': '缩小', 'en-US': 'Zoom out' },
};
const ARM_TARGETS: Readonly<Record<number, Text>> = {
  1: { 'zh-CN': '电源', 'en-US': 'Power' },
  2: { 'zh-CN': '运动', 'en-US': 'Motion' },
};
const ON_OFF: Readonly<Record<'true' | 'false', Text>> = {
  true: { 'zh-CN': '开', 'en-US': 'On' },
  false: { 'zh-CN': '关', 'en-US': 'Off' },
};
const START_STOP: Readonly<Record<'true' | 'false', Text>> = {
  true: { 'zh-CN': '启动', 'en-US': 'Start' },
  false: { 'zh-CN': '停止', 'en-US': 'Stop' },
};

type Render = (v: number | boolean | string, lang: LogLang) => string;

const unit =
  (u: Text | string, space = true): Render =>
  (v, lang) =>
    `${String(v)}${space ? ' ' : ''}${typeof u === 'string' ? u : u[lang]}`;
const words =
  (table: Readonly<Record<number, Text>>): Render =>
  (v, lang) =>
    (typeof v === 'number' ? table[v]?.[lang] : undefined) ?? String(v);
const flag =
  (table: Readonly<Record<'true' | 'false', Text>>): Render =>
  (v, lang) =>
    typeof v === 'boolean' ? table[v ? 'true' : 'false'][lang] : String(v);

/** Minutes as '45 分钟', '2 小时', '1 小时 30 分钟' (en-US '45 min', '2 h', '1 h 30 min'). */
export const formatMinutes = (min: number, lang: LogLang): string => {
  const zh = lang === 'zh-CN';
  if (!Number.isInteger(min) || min < 60) return `${min} ${zh ? '分钟' : 'min'}`;
  const h = Math.floor(min / 60);
  const m = min % 60;
  const hours = `${h} ${zh ? '小时' : 'h'}`;
  return m === 0 ? hours : `${hours} ${m} ${zh ? '分钟' : 'min'}`;
};
const minutes: Render = (v, lang) => (typeof v === 'number' ? formatMinutes(v, lang) : String(v));
const hourOfDay: Render = (v) => (typeof v === 'number' ? `${String(v).padStart(2, '0')}:00` : String(v));

/**
 * Every param of the registry's commands (device-types*.ts): its label and how its value reads. The one
 * wording of each setting — the command tab, the edit forms and this log use the same names.
 */
export const PARAM_LABELS: Readonly<Record<string, { label: Text; render?: Render }>> = {
  switchId: { label: { 'zh-CN': '开关', 'en-US': 'Switch' } },
  circuit: { label: { 'zh-CN': '回路', 'en-US': 'Circuit' } },
  sw: { label: { 'zh-CN': '开关动作', 'en-US': 'Switch action' }, render: words(SW_ANY) },
  uploadPeriodMin: { label: { 'zh-CN': '上报周期', 'en-US': 'Upload period' }, render: minutes },
  photoIntervalMin: { label: { 'zh-CN': '拍照间隔', 'en-US': 'Photo interval' }, render: minutes },
  durationMin: { label: { 'zh-CN': '运行时长', 'en-US': 'Run time' }, render: minutes },
  pressure: { label: { 'zh-CN': '压力', 'en-US': 'Pressure' }, render: unit('bar') },
  program: { label: { 'zh-CN': '灌溉程序', 'en-US': 'Irrigation program' } },
  rateLph: { label: { 'zh-CN': '注肥速率', 'en-US': 'Injection rate' }, render: unit('L/h') },
  lowCm: { label: { 'zh-CN': '低液位', 'en-US': 'Low level' }, render: unit('cm') },
  highCm: { label: { 'zh-CN': '高液位', 'en-US': 'High level' }, render: unit('cm') },
  opening: { label: { 'zh-CN': '开度', 'en-US': 'Opening' }, render: unit('%', false) },
  outlet: { label: { 'zh-CN': '插座', 'en-US': 'Outlet' } },
  on: { label: { 'zh-CN': '开关', 'en-US': 'On / off' }, render: flag(ON_OFF) },
  brightness: { label: { 'zh-CN': '亮度', 'en-US': 'Brightness' }, render: unit('%', false) },
  text: {
    label: { 'zh-CN': '显示文字', 'en-US': 'Text' },
    render: (v, lang) => (lang === 'zh-CN' ? `“${String(v)}”` : `"${String(v)}"`),
  },
  preset: { label: { 'zh-CN': '预置点', 'en-US': 'Preset' } },
  cruise: { label: { 'zh-CN': '巡航路线', 'en-US': 'Cruise route' } },
  run: { label: { 'zh-CN': '巡航', 'en-US': 'Cruise' }, render: flag(START_STOP) },
  port: { label: { 'zh-CN': '端口', 'en-US': 'Port' } },
  startHour: { label: { 'zh-CN': '开启时间', 'en-US': 'On at' }, render: hourOfDay },
  endHour: { label: { 'zh-CN': '关闭时间', 'en-US': 'Off at' }, render: hourOfDay },
  direction: { label: { 'zh-CN': '方向', 'en-US': 'Direction' }, render: words(DIRECTIONS) },
  target: { label: { 'zh-CN': '对象', 'en-US': 'Target' }, render: words(ARM_TARGETS) },
};

/** One param as 'label：value unit' (zh-CN) or 'label: value unit' (en-US); unknown keys as they are. */
export const formatParam = (key: string, value: number | boolean | string, lang: LogLang): string => {
  const def = PARAM_LABELS[key];
  const shown = def?.render ? def.render(value, lang) : String(value);
  return `${def?.label[lang] ?? key}${lang === 'zh-CN' ? '：' : ': '}${shown}`;
};

/** The command's name from the registry ('开关控制'), or the raw action of an unknown type. */
export const commandActionName = (deviceType: string | null, action: string, lang: LogLang): string =>
  (deviceType
    ? deviceTypeByKey(deviceType)?.commands.find((c) => c.action === action)?.name[lang]
    : undefined) ?? action;

/** The switch or pump by name and circuit / port: '东棚卷帘（回路 3）', 'East curtain (circuit 3)'. */
const channelText = (line: CommandLogLine, kind: 'circuit' | 'port', lang: LogLang): string | undefined => {
  const fromParams = kind === 'circuit' ? line.params.circuit : line.params.port;
  const n = line.channelCircuit ?? (typeof fromParams === 'number' ? fromParams : null);
  const zh = lang === 'zh-CN';
  const where = n === null ? undefined : `${zh ? (kind === 'circuit' ? '回路' : '端口') : kind} ${n}`;
  if (!line.channelName) return where && !zh ? where.charAt(0).toUpperCase() + where.slice(1) : where;
  if (!where) return line.channelName;
  return zh ? `${line.channelName}（${where}）` : `${line.channelName} (${where})`;
};

const isSwitchType = (s: string | null | undefined): s is SwitchType =>
  s === 'regular' || s === 'motorised' || s === 'curtain';

/**
 * The params of a logged command in words: a switch command reads '东棚卷帘（回路 3）：展开'; a pump
 * '1号增氧泵（端口 2）：开'; other params 'label：value unit' joined by '；' ('; ' in English). '' when none.
 */
export const formatCommandParams = (line: CommandLogLine, lang: LogLang): string => {
  const sep = lang === 'zh-CN' ? '；' : '; ';
  const colon = lang === 'zh-CN' ? '：' : ': ';
  const p = line.params;
  const parts: string[] = [];
  const skip = new Set<string>();
  if (typeof p.sw === 'number') {
    const channel = channelText(line, 'circuit', lang);
    const table = isSwitchType(line.switchType) ? SW_WORDS[line.switchType] : SW_ANY;
    const act = table[p.sw]?.[lang] ?? String(p.sw);
    parts.push(channel ? `${channel}${colon}${act}` : formatParam('sw', p.sw, lang));
    for (const k of ['sw', 'switchId', 'circuit']) skip.add(k);
  } else if (line.channelName && typeof p.on === 'boolean') {
    // An aerator pump (or another channel switched on / off).
    parts.push(`${channelText(line, 'port', lang)}${colon}${ON_OFF[p.on ? 'true' : 'false'][lang]}`);
    for (const k of ['on', 'port']) skip.add(k);
  }
  for (const [k, v] of Object.entries(p)) if (!skip.has(k)) parts.push(formatParam(k, v, lang));
  return parts.join(sep);
};
