import type { StrategyAction, StrategyGuard, StrategyTrigger } from '@tilth/contracts/automation.types';
import { DEVICE_TYPES, deviceTypeByKey } from '@tilth/contracts/device-types';
import { metricName, metricReading, OP_SYMBOL } from '../alarm/alarmFormat';
import { langOf } from '../device/deviceFormat';

// The plain-language sentence of a strategy ("当…持续…分钟时，打开…20 分钟，今天下雨则跳过"), built from
// the automation locale phrases so both languages read naturally.

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

export interface NameLookup {
  /** Name and type key of a device, when known. */
  device: (id: number) => { name: string; typeKey: string } | undefined;
  group: (id: number) => string | undefined;
}

export interface StrategyShape {
  trigger: StrategyTrigger;
  guards: readonly StrategyGuard[];
  action: StrategyAction;
}

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];

/** Types a control group may hold and a strategy may drive: switched, set or moved (as the server checks). */
export const ACTUATOR_TYPES: ReadonlySet<string> = new Set(
  DEVICE_TYPES.filter((d) => d.family === 'actuator' || d.family === 'gateway' || d.family === 'machine').map(
    (d) => d.key,
  ),
);

export const triggerText = (
  trigger: StrategyTrigger,
  names: NameLookup,
  t: Translate,
  language: string,
): string => {
  if (trigger.kind === 'schedule') {
    const times = [...trigger.times].sort().join(t('automation:preview.listSep'));
    const days = [...trigger.days].sort((a, b) => a - b);
    if (ALL_DAYS.every((d) => days.includes(d))) return t('automation:preview.daily', { times });
    const list = days.map((d) => t(`automation:weekday.${d}`)).join(t('automation:preview.listSep'));
    return t('automation:preview.weekly', { days: list, times });
  }
  const d = names.device(trigger.deviceId);
  const typeKey = d?.typeKey ?? null;
  const base = t('automation:preview.condition', {
    device: d?.name ?? `#${trigger.deviceId}`,
    metric: metricName(typeKey, trigger.metric, language),
    op: OP_SYMBOL[trigger.op],
    value: metricReading(typeKey, trigger.metric, trigger.threshold, language),
  });
  return trigger.forMin > 0 ? base + t('automation:preview.forMin', { min: trigger.forMin }) : base;
};

const actionName = (a: StrategyAction, names: NameLookup, language: string): string => {
  const typeKey = a.targetKind === 'device' ? names.device(a.targetId)?.typeKey : undefined;
  // A group's members may differ in type: the first type with this command names it.
  const def = typeKey
    ? deviceTypeByKey(typeKey)?.commands.find((c) => c.action === a.action)
    : DEVICE_TYPES.flatMap((d) => d.commands).find((c) => c.action === a.action);
  return def ? def.name[langOf(language)] : a.action;
};

export const strategySentence = (
  s: StrategyShape,
  names: NameLookup,
  t: Translate,
  language: string,
): string => {
  const target =
    s.action.targetKind === 'device'
      ? (names.device(s.action.targetId)?.name ?? `#${s.action.targetId}`)
      : t('automation:preview.group', { name: names.group(s.action.targetId) ?? `#${s.action.targetId}` });
  const guards = s.guards
    .map((g) =>
      g.kind === 'noRainToday'
        ? t('automation:preview.guardRain', { device: names.device(g.deviceId)?.name ?? `#${g.deviceId}` })
        : t('automation:preview.guardWindow', { from: g.from, to: g.to }),
    )
    .join('');
  return t('automation:preview.sentence', {
    when: triggerText(s.trigger, names, t, language),
    action: actionName(s.action, names, language),
    target,
    duration: s.action.durationMin > 0 ? t('automation:preview.duration', { min: s.action.durationMin }) : '',
    guards,
  });
};
