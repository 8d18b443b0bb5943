import type { Area } from '@tilth/contracts/area.types';
import * as contracts from '@tilth/contracts/area.types';
import { describe, expect, it } from 'vitest';
import {
  centerComplete,
  filterByUsage,
  formatCenter,
  parentCandidates,
  parseCenter,
  toCreateBody,
  toFormValues,
  toUpdateBody,
} from './baseForm';

const area = (over: Partial<Area>): Area => ({
  areaId: 1,
  areaName: '东区基地',
  areaNum: 'EAST-1',
  areaCenter: '30.5,114.3',
  areaSize: null,
  defaultFlag: 1,
  organizationType: 'area',
  parentId: null,
  areaUsage: 'plant',
  objectVersionNumber: 3,
  creationDate: '2025-01-01T00:00:00Z',
  ...over,
});

describe('base form mapping', () => {
  it('reads and writes the centre point', () => {
    expect(parseCenter('30.5, 114.3')).toEqual({ lat: 30.5, lng: 114.3 });
    expect(parseCenter('91,10')).toBeNull();
    expect(parseCenter('30.5')).toBeNull();
    expect(parseCenter(null)).toBeNull();
    expect(formatCenter(30.123456789, 114.3)).toBe('30.12345679,114.3');
    expect(formatCenter(30, null)).toBeNull();
    expect(centerComplete(30, null)).toBe(false);
    expect(centerComplete(null, undefined)).toBe(true);
  });

  it('round-trips a base into an update the server accepts', () => {
    const body = toUpdateBody(area({}), toFormValues(area({})));
    expect(body).toEqual({
      areaId: 1,
      objectVersionNumber: 3,
      areaName: '东区基地',
      areaNum: 'EAST-1',
      organizationType: 'area',
      areaUsage: 'plant',
      defaultFlag: 1,
      parentId: null,
      areaCenter: '30.5,114.3',
    });
    expect(contracts.areaUpdateBody.safeParse(body).success).toBe(true);
  });

  it('builds a create body with trimmed texts and blanks as none', () => {
    const body = toCreateBody({
      ...toFormValues(null),
      areaName: '  西区 ',
      areaNum: ' ',
      areaUsage: 'nurture',
    });
    expect(body).toMatchObject({
      areaName: '西区',
      areaNum: null,
      areaUsage: 'nurture',
      defaultFlag: 0,
      areaCenter: null,
    });
    expect(contracts.areaCreateBody.safeParse(body).success).toBe(true);
  });

  it('offers as parents neither the base itself nor its descendants', () => {
    const all = [
      area({ areaId: 1 }),
      area({ areaId: 2, parentId: 1 }),
      area({ areaId: 3, parentId: 2 }),
      area({ areaId: 4 }),
    ];
    expect(parentCandidates(all, 1).map((a) => a.areaId)).toEqual([4]);
    expect(parentCandidates(all, 3).map((a) => a.areaId)).toEqual([1, 2, 4]);
    expect(parentCandidates(all).length).toBe(4);
  });

  it('pages the bases of one usage', () => {
    const all = [1, 2, 3, 4, 5].map((id) => area({ areaId: id, areaUsage: id % 2 ? 'plant' : 'nurture' }));
    expect(filterByUsage(all, 'plant', 1, 2)).toMatchObject({
      content: [{ areaId: 5 }],
      totalElements: 3,
      totalPages: 2,
      number: 1,
    });
    expect(filterByUsage(all, 'nurture', 0, 10).content.map((a) => a.areaId)).toEqual([2, 4]);
  });
});
