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
