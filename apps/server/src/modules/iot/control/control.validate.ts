import type { CommandDef, CommandParamDef, DeviceTypeDef } from '@tilth/contracts/device-types';

export type CommandParams = Record<string, number | boolean | string>;

/** Why a command was refused; the service turns it into a 400 naming the problem. */
export class CommandInvalid extends Error {}

/**
 * The cross-param rules the registry names (CommandDef.rule). Every rule of the registry must have a
 * checker here (a test walks the registry), so a new rule is never silently ignored.
 */
export const RULE_CHECKS: Readonly<Record<string, (p: CommandParams) => string | null>> = {
  'pressure > 0': (p) =>
    typeof p.pressure === 'number' && p.pressure > 0 ? null : 'pressure must be above 0',
  'highCm − lowCm ≥ 10': (p) =>
    typeof p.highCm === 'number' && typeof p.lowCm === 'number' && p.highCm - p.lowCm >= 10
      ? null
      : 'highCm − lowCm must be at least 10 cm',
  'photoIntervalMin ≤ durationMin': (p) =>
    typeof p.photoIntervalMin === 'number' &&
    typeof p.durationMin === 'number' &&
    p.photoIntervalMin <= p.durationMin
      ? null
      : 'photoIntervalMin must not exceed durationMin',
  // Depends on the switch's type; checked where the switch is known (switch control, issueCommand).
  'sw 2 only for motorised and curtain switches': () => null,
};

const checkParam = (def: CommandParamDef, value: unknown): string | null => {
  const k = def.key;
  switch (def.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : `${k} must be true or false`;
    case 'string': {
      if (typeof value !== 'string') return `${k} must be text`;
      if (def.max !== undefined && value.length > def.max) return `${k}: at most ${def.max} characters`;
      return null;
    }
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return `${k} must be a number`;
      if (def.type === 'integer' && !Number.isInteger(value)) return `${k} must be a whole number`;
      if (def.values && !def.values.includes(value)) return `${k} must be one of ${def.values.join(', ')}`;
      if (def.min !== undefined && value < def.min) return `${k} must be at least ${def.min}`;
      if (def.max !== undefined && value > def.max) return `${k} must be at most ${def.max}`;
      return null;
    }
  }
};

/**
 * Checks a command against its type's registry definition: the action exists, every required param is
 * there, no unknown param, each value has its type, range and allowed values, and the rule holds.
 * Returns the command def and the params in definition order; throws CommandInvalid.
 */
export const validateCommand = (
  type: DeviceTypeDef,
  action: string,
  params: CommandParams,
): { def: CommandDef; params: CommandParams } => {
  const def = type.commands.find((c) => c.action === action);
  if (!def) {
    const known = type.commands.map((c) => c.action).join(', ') || 'none';
    throw new CommandInvalid(`unknown action '${action}' for ${type.name['en-US']} (accepted: ${known})`);
  }
  const known = new Set(def.params.map((p) => p.key));
  const extra = Object.keys(params).filter((k) => !known.has(k));
  if (extra.length > 0) throw new CommandInvalid(`unknown param ${extra.map((k) => `'${k}'`).join(', ')}`);
  const out: CommandParams = {};
  for (const p of def.params) {
    const value = params[p.key];
    if (value === undefined) {
      if (p.required) throw new CommandInvalid(`missing param '${p.key}'`);
      continue;
    }
    const problem = checkParam(p, value);
    if (problem) throw new CommandInvalid(problem);
    out[p.key] = value;
  }
  if (def.rule) {
    const check = RULE_CHECKS[def.rule];
    if (!check) throw new CommandInvalid(`rule '${def.rule}' has no server check`);
    const problem = check(out);
    if (problem) throw new CommandInvalid(problem);
  }
  return { def, params: out };
};
