import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { area, areaUpdateBody } from './area.types.js';
import { updateBodyOf } from './common.types.js';

// The one mechanism behind every PUT body (docs/api.md "Updates"): read-only keys of the GET accepted and
// dropped, unknown keys refused by name, the writable fields' own rules kept.

const read = z.object({ id: z.number(), name: z.string(), creationDate: z.string(), areaSize: z.number() });
const write = z.strictObject({ id: z.number(), name: z.string().min(1).optional() }).superRefine((b, ctx) => {
  if (b.name === 'reserved') ctx.addIssue({ code: 'custom', path: ['name'], message: 'name reserved' });
});
const body = updateBodyOf(write, read);

describe('updateBodyOf', () => {
  it('accepts what the GET answers and hands the service the writable fields only', () => {
    const out = body.parse({ id: 1, name: 'a', creationDate: '2026-01-01', areaSize: 3 });
    expect(out).toEqual({ id: 1, name: 'a' });
  });

  it('ignores a read-only key whatever its value', () => {
    expect(body.parse({ id: 1, creationDate: { not: 'a date' }, areaSize: null })).toEqual({ id: 1 });
  });

  it('refuses a key the GET does not answer, by name', () => {
    const r = body.safeParse({ id: 1, colour: 'red' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toContain('colour');
  });

  it("keeps the writable fields' rules and refinements", () => {
    expect(body.safeParse({ id: 1, name: '' }).success).toBe(false);
    expect(body.safeParse({ id: 'x' }).success).toBe(false);
    const r = body.safeParse({ id: 1, name: 'reserved', creationDate: 'x' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['name reserved']);
  });

  it('documents read-only keys as optional readOnly properties, writable ones with their rules', () => {
    const json = z.toJSONSchema(body, { io: 'input' }) as {
      properties: Record<string, { readOnly?: boolean; type?: string }>;
      required: string[];
      additionalProperties: boolean;
    };
    expect(json.properties.creationDate?.readOnly).toBe(true);
    expect(json.properties.name?.type).toBe('string');
    expect(json.properties.name?.readOnly).toBeUndefined();
    expect(json.required).toEqual(['id']);
    expect(json.additionalProperties).toBe(false);
  });

  it('the base PUT takes the base GET (issue 11: "Unrecognized key: creationDate")', () => {
    const got = area.parse({
      areaId: 7,
      areaName: '基地',
      areaNum: null,
      areaCenter: '22.96,113.34',
      areaSize: 12.5,
      defaultFlag: 1,
      organizationType: 'area',
      parentId: null,
      areaUsage: 'plant',
      objectVersionNumber: 3,
      creationDate: '2026-01-01 08:00:00',
    });
    const out = areaUpdateBody.parse(got);
    expect(out).not.toHaveProperty('creationDate');
    expect(out).toMatchObject({ areaId: 7, areaName: '基地', areaSize: 12.5, objectVersionNumber: 3 });
  });
});
