import { z } from 'zod';

// Valid-looking request parts built from a route's zod schemas, for suites that walk the route table (the
// role replay): the smallest value each schema accepts, with ids taken from real rows where a field names
// one. The zod schema is read through its JSON Schema (zod's own conversion, input side), which spells
// out bounds, formats and patterns in one vocabulary.

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

interface JsonSchema {
  type?: string | string[];
  const?: Json;
  enum?: Json[];
  default?: Json;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
}

/** An id for a field or parameter name (`areaId`, `id` …), or undefined when none is known. */
export type IdLookup = (name: string) => number | string | undefined;

// Strings tried, in order, against a pattern: times, phone numbers, device EUIs, dates, colours, codes.
const PATTERN_CANDIDATES = [
  'a',
  'abc',
  '07:00',
  '13800000001',
  '0011223344556677',
  '2024-05-01',
  '2024-05-01 08:00:00',
  '2024-05-01T08:00:00.000Z',
  '2024-05',
  '#1b9961',
  'A1',
  '1',
  '12',
  '89860000000000000001',
  '22.96,113.34',
  'zh-CN',
  'role_a',
  'x.y',
  'ab12',
];

const FORMATS: Record<string, string> = {
  email: 'someone@example.com',
  uuid: '00000000-0000-4000-8000-000000000000',
  guid: '00000000-0000-4000-8000-000000000000',
  uri: 'https://example.com/x',
  url: 'https://example.com/x',
  date: '2024-05-01',
  'date-time': '2024-05-01T08:00:00.000Z',
  time: '08:00:00',
  ipv4: '127.0.0.1',
};

const sampleString = (s: JsonSchema): string => {
  if (s.format && FORMATS[s.format]) return FORMATS[s.format] as string;
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Number.MAX_SAFE_INTEGER;
  const fits = (v: string) => v.length >= min && v.length <= max;
  if (s.pattern) {
    const re = new RegExp(s.pattern, 'u');
    const hit = PATTERN_CANDIDATES.find((c) => re.test(c) && fits(c));
    if (hit) return hit;
  }
  return 'a'.repeat(Math.max(1, min)).slice(0, max);
};

const sampleNumber = (s: JsonSchema, integer: boolean): number => {
  const lo = s.minimum ?? (s.exclusiveMinimum === undefined ? undefined : s.exclusiveMinimum + 1);
  const hi = s.maximum ?? (s.exclusiveMaximum === undefined ? undefined : s.exclusiveMaximum - 1);
  let v = 1;
  if (lo !== undefined && v < lo) v = lo;
  if (hi !== undefined && v > hi) v = hi;
  return integer ? Math.ceil(v) : v;
};

const isIdName = (name: string) => name === 'id' || /Id$/.test(name);

const sample = (s: JsonSchema, ids: IdLookup, name: string): Json | undefined => {
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0] as Json;
  const branch = s.oneOf ?? s.anyOf;
  if (branch?.length) {
    const nonNull = branch.find((b) => b.type !== 'null') ?? branch[0];
    return nonNull ? sample(nonNull, ids, name) : null;
  }
  if (s.allOf?.length) return sample(Object.assign({}, ...s.allOf) as JsonSchema, ids, name);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  const id = isIdName(name) ? ids(name) : undefined;
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        // Required fields, and ids the caller knows (a PUT names its row by id even where it is optional).
        if (!s.required?.includes(k) && !(isIdName(k) && ids(k) !== undefined)) continue;
        const val = sample(v, ids, k);
        if (val !== undefined) out[k] = val;
      }
      return out;
    }
    case 'array': {
      if (s.prefixItems) return s.prefixItems.map((p) => sample(p, ids, name) ?? null);
      const n = s.minItems ?? 0;
      const item = s.items ?? {};
      return Array.from({ length: n }, () => sample(item, ids, name.replace(/s$/, '')) ?? null);
    }
    case 'string':
      return typeof id === 'string' ? id : id !== undefined ? String(id) : sampleString(s);
    case 'integer':
    case 'number':
      return typeof id === 'number' ? id : sampleNumber(s, type === 'integer');
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return s.default;
  }
};

/** The smallest value `schema` (a zod schema) accepts that we can build, or undefined for none. */
export const sampleOf = (schema: unknown, ids: IdLookup = () => undefined): Json | undefined => {
  if (!(schema instanceof z.ZodType)) return undefined;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return sample(json, ids, '');
};

/** A query string for a sampled object (`?a=1&b=x`), or '' when there is nothing to send. */
export const queryString = (value: Json | undefined): string => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(value)) {
    if (v === null || v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) q.append(k, String(one));
  }
  const text = q.toString();
  return text ? `?${text}` : '';
};

// Real ids: a parameter or field names its table by words (`/intelligent/strategy/:id` → strategies,
// `areaId` → areas); device kinds in a path all live in devices.
const DEVICE_WORDS = new Set(
  'device inverter fertilizer aerator valve mar soil lora insecticidal machine rtu gateway lamp regulator camera node'.split(
    ' ',
  ),
);
const PREFIXES = new Set(['wfpf', 'wfpe', 'hmsg', 'hfle', 'iam', 'v1', 'v2', 'stong', 'yf']);
const ALIASES: Record<string, string> = {
  doc: 'document',
  cmd: 'command',
  pump: 'channel',
  switch: 'channel',
  // panorama-vr/:vrId and vrId fields name the tour (vr_tours), not its scenes.
  vr: 'tour',
};
const singular = (w: string) =>
  w.endsWith('ies')
    ? `${w.slice(0, -3)}y`
    : /(ch|sh|x)es$/.test(w)
      ? w.slice(0, -2)
      : w.endsWith('s') && !w.endsWith('ss')
        ? w.slice(0, -1)
        : w;
const words = (s: string): string[] =>
  s
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !PREFIXES.has(w))
    .map((w) => ALIASES[w] ?? singular(w));

export interface RowIds {
  /** Ids for one route: `id` from the path words before it, other names from their own words. */
  forRoute(url: string, fixed: Record<string, number | string>): IdLookup;
  /** Which names found a table (`url name → table`), and which did not. */
  hits: Set<string>;
  misses: Set<string>;
}

/** Picks real row ids for routes from `rowsOf` (table → ids of rows the caller's tenant holds). */
export const rowIds = (rowsOf: ReadonlyMap<string, readonly (number | string)[]>): RowIds => {
  const hits = new Set<string>();
  const misses = new Set<string>();
  /** The table with rows whose name words best match `wanted` (later words weigh more: the path's noun). */
  const tableFor = (wanted: string[]): string | undefined => {
    let best: { name: string; score: number } | undefined;
    const at = (t: string) =>
      t === 'device' ? wanted.findLastIndex((w) => w === t || DEVICE_WORDS.has(w)) : wanted.lastIndexOf(t);
    for (const [name, ids] of rowsOf) {
      if (ids.length === 0) continue;
      const tw = words(name);
      const found = tw.map(at).filter((i) => i >= 0);
      if (found.length === 0) continue;
      const score =
        found.reduce((sum, i) => sum + 1 + (i + 1) / wanted.length, 0) - (tw.length - found.length) * 1.5;
      if (!best || score > best.score) best = { name, score };
    }
    return best?.name;
  };
  const forRoute = (url: string, fixed: Record<string, number | string>): IdLookup => {
    const pathWords = (url.split('/:id')[0] ?? url)
      .split('/')
      .filter((p) => p && !p.startsWith(':'))
      .flatMap(words);
    return (name) => {
      if (fixed[name] !== undefined) return fixed[name];
      const t = name === 'id' ? tableFor(pathWords) : tableFor(words(name.replace(/Ids?$/, '')));
      (t ? hits : misses).add(`${url} ${name}${t ? ` → ${t}` : ''}`);
      return t ? rowsOf.get(t)?.[0] : undefined;
    };
  };
  return { forRoute, hits, misses };
};
