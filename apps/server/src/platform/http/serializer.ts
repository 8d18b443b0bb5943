import fastJson, { type Schema as JsonShape } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Responses leave through a serialiser compiled from the route's zod schema (fast-json-stringify) where that
// schema is plain data: objects, arrays, strings, numbers, booleans, null, literals and enums, nullable or
// optional. It writes only the properties the contract lists — a field the contract does not name is
// never sent, as with zod's parse — in the contract's order, at a sixth of zod's cost. Anything else
// (transforms and codecs, defaults, dates, bigints, records, unions of objects, lazy or recursive schemas)
// keeps zod's serialiser, whose answer is not the plain JSON of a shape. What the compiled path does not
// do is reject a wrong value on the way out (zod answered 500 for, say, a string in a number field); the
// types and the route tests check that instead.

type ZodSchema = z.core.$ZodType;
interface Shaped {
  shape: JsonShape;
  optional: boolean;
}

/** Scalar JSON types a union of scalars may collapse to (its options share one). */
const scalarType = (s: JsonShape): string | undefined => {
  const t = (s as { type?: unknown }).type;
  return typeof t === 'string' && t !== 'object' && t !== 'array' ? t : undefined;
};

const literalType = (values: readonly unknown[]): string | undefined => {
  const types = new Set(values.map((v) => (v === null ? 'null' : typeof v)));
  const [t] = types;
  return types.size === 1 && (t === 'string' || t === 'number' || t === 'boolean' || t === 'null')
    ? t
    : undefined;
};

/**
 * The fast-json-stringify schema that writes exactly what zod's encode would write for valid data, or
 * undefined when the zod schema is not plain data (the route keeps zod). `optional` marks a property that
 * may be absent.
 */
const shapeOf = (schema: ZodSchema, path = new Set<ZodSchema>()): Shaped | undefined => {
  // A recursive schema (a tree of menus) has no flat shape: zod writes it.
  if (path.has(schema)) return undefined;
  path.add(schema);
  try {
    return shapeOfNode(schema, (inner) => shapeOf(inner, path));
  } finally {
    path.delete(schema);
  }
};

const shapeOfNode = (
  schema: ZodSchema,
  shapeOf: (s: ZodSchema) => Shaped | undefined,
): Shaped | undefined => {
  const def = schema._zod.def;
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return { shape: { type: def.type }, optional: false };
    case 'literal': {
      const t = literalType((def as z.core.$ZodLiteralDef<z.core.util.Literal>).values);
      return t ? { shape: { type: t } as JsonShape, optional: false } : undefined;
    }
    case 'enum': {
      const t = literalType(Object.values((def as z.core.$ZodEnumDef).entries));
      return t ? { shape: { type: t } as JsonShape, optional: false } : undefined;
    }
    case 'array': {
      const item = shapeOf((def as z.core.$ZodArrayDef).element);
      return item && !item.optional
        ? { shape: { type: 'array', items: item.shape }, optional: false }
        : undefined;
    }
    case 'object': {
      const d = def as z.core.$ZodObjectDef;
      // A catch-all (looseObject, catchall) writes fields the shape does not list: zod's business.
      if (d.catchall && d.catchall._zod.def.type !== 'never') return undefined;
      const properties: Record<string, JsonShape> = {};
      const required: string[] = [];
      for (const [key, value] of Object.entries(d.shape)) {
        const p = shapeOf(value);
        if (!p) return undefined;
        properties[key] = p.shape;
        if (!p.optional) required.push(key);
      }
      return {
        shape: { type: 'object', properties, required, additionalProperties: false },
        optional: false,
      };
    }
    case 'nullable': {
      const inner = shapeOf((def as z.core.$ZodNullableDef).innerType);
      if (!inner || (inner.shape as { nullable?: boolean }).nullable) return inner;
      return { shape: { ...inner.shape, nullable: true } as JsonShape, optional: inner.optional };
    }
    case 'optional': {
      const inner = shapeOf((def as z.core.$ZodOptionalDef).innerType);
      return inner ? { shape: inner.shape, optional: true } : undefined;
    }
    case 'readonly':
      return shapeOf((def as z.core.$ZodReadonlyDef).innerType);
    case 'union': {
      // Only scalars of one JSON type (flag01: 0 | 1): written as that type, like zod would write them.
      const options = (def as z.core.$ZodUnionDef).options.map((o) => shapeOf(o));
      let type: string | undefined;
      let nullable = false;
      for (const o of options) {
        const t = o && !o.optional ? scalarType(o.shape) : undefined;
        if (!t) return undefined;
        if (t === 'null') nullable = true;
        else if (type === undefined || type === t) type = t;
        else return undefined;
      }
      if (!type) return undefined;
      return { shape: (nullable ? { type, nullable: true } : { type }) as JsonShape, optional: false };
    }
    default:
      return undefined;
  }
};

/** The compiled shape of a response schema, or undefined when zod must serialise it. */
export const compiledShape = (schema: unknown): JsonShape | undefined => {
  if (!(schema instanceof z.core.$ZodType)) return undefined;
  const s = shapeOf(schema);
  return s && !s.optional ? s.shape : undefined;
};

/**
 * Fastify's serializer compiler: fast-json-stringify for plain-data schemas, compiled on a route's first
 * answer (not at start-up: most routes of a process never answer, and tests start many servers), and
 * fastify-type-provider-zod's serialiser for the rest.
 */
export const responseSerializer: FastifySerializerCompiler<unknown> = (route) => {
  const shape = compiledShape(route.schema);
  if (!shape) return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  let write: ((data: unknown) => string) | undefined;
  return (data) => {
    write ??= fastJson(shape) as (data: unknown) => string;
    return write(data);
  };
};
