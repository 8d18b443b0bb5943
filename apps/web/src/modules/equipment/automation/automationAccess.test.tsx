import type { DeviceGroup, Strategy } from '@tilth/contracts/automation.types';
import type { Page } from '@tilth/contracts/common.types';
import { AUTOMATION_CODES, PERMISSION_CODES, SEEDED_ROLES } from '@tilth/contracts/permissions';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../test/renderWithCodes';
import { automationKeys } from './automation.api';
import { ControlGroupPage, DeviceGroupPage } from './GroupPage';
import { StrategyPage } from './StrategyPage';

// Issue 10 item 3: a viewer saw add / run / edit / delete and the enable switch on the smart-control pages.
// Each is now behind its own write code; the pages are rendered as each built-in role.

const T = 7;
const codesOf = (role: string): readonly string[] => {
  const p = SEEDED_ROLES.find((r) => r.code === role)?.permissions;
  return p === 'all' ? PERMISSION_CODES : (p ?? []);
};
const page = <X,>(content: X[]): Page<X> => ({
  content,
  totalElements: content.length,
  totalPages: 1,
  number: 0,
  size: 10,
});

const strategy: Strategy = {
  id: 1,
  name: 'Morning irrigation',
  enabledFlag: 1,
  trigger: { kind: 'schedule', times: ['07:00'], days: [1, 2, 3, 4, 5, 6, 7] },
  guards: [],
  action: { targetKind: 'device', targetId: 5, action: 'open', params: {}, durationMin: 20 },
  description: null,
  targetName: 'Valve 1',
  conditionSince: null,
  lastRunAt: null,
  quietUntil: null,
  lastRun: null,
  objectVersionNumber: 1,
  creationDate: '2024-05-01T00:00:00.000Z',
};
const group = (kind: 'control' | 'device'): DeviceGroup => ({
  id: 2,
  kind,
  name: 'East valves',
  areaId: null,
  description: null,
  members: [],
  objectVersionNumber: 1,
  creationDate: '2024-05-01T00:00:00.000Z',
});

const strategyPage = (codes: readonly string[]) =>
  renderWithCodes(<StrategyPage />, {
    codes,
    tenantId: T,
    data: [
      [[...automationKeys.strategies(T), 'page', {}, 0, 10], page([strategy])],
      [automationKeys.devices(T), []],
      [automationKeys.groupOptions(T), []],
    ],
  });

const groupPage = (kind: 'control' | 'device', codes: readonly string[]) =>
  renderWithCodes(kind === 'control' ? <ControlGroupPage /> : <DeviceGroupPage />, {
    codes,
    tenantId: T,
    data: [[[...automationKeys.groups(T, kind), 'page', {}, 0, 10], page([group(kind)])]],
  });

/** The write controls a page shows: buttons by label, and the enable switch. */
const writes = (html: string) => {
  const text = textOf(html);
  return {
    add: /Add strategy|Add group/.test(text),
    edit: /\bEdit\b/.test(text),
    delete: /\bDelete\b/.test(text),
    run: text.includes('Run now'),
    switch: html.includes('ant-switch'),
  };
};

describe('smart-control pages show writes only to holders of their codes', () => {
  it('a viewer sees the strategy, its state and run log, and no add, edit, delete, run or switch', () => {
    const html = strategyPage(codesOf('viewer'));
    expect(textOf(html)).toContain('Morning irrigation');
    expect(textOf(html)).toContain('Run log');
    expect(textOf(html)).toContain('Enabled');
    expect(writes(html)).toEqual({ add: false, edit: false, delete: false, run: false, switch: false });
  });

  it('the farm operator and the administrator see every write', () => {
    for (const role of ['farm-operator', 'tenant-admin']) {
      expect(writes(strategyPage(codesOf(role))), role).toEqual({
        add: true,
        edit: true,
        delete: true,
        run: true,
        switch: true,
      });
    }
  });

  it('each write follows its own code, not the page view code', () => {
    const S = AUTOMATION_CODES.strategy;
    expect(writes(strategyPage([S.view, S.delete]))).toEqual({
      add: false,
      edit: false,
      delete: true,
      run: false,
      switch: false,
    });
    expect(writes(strategyPage([S.view, S.run, S.edit]))).toMatchObject({
      run: true,
      edit: true,
      switch: true,
    });
    expect(writes(strategyPage([S.view, S.create]))).toMatchObject({ add: true, edit: false, delete: false });
  });

  it('control and device groups: a viewer sees the members but no add, edit or delete', () => {
    for (const kind of ['control', 'device'] as const) {
      const html = groupPage(kind, codesOf('viewer'));
      expect(textOf(html)).toContain('East valves');
      expect(writes(html), kind).toMatchObject({ add: false, edit: false, delete: false });
      expect(writes(groupPage(kind, codesOf('farm-operator'))), kind).toMatchObject({
        add: true,
        edit: true,
        delete: true,
      });
    }
  });

  it("a group kind's codes do not open the other kind's writes", () => {
    const control = AUTOMATION_CODES.control;
    const html = groupPage('device', [control.view, control.create, control.edit, control.delete]);
    expect(writes(html)).toMatchObject({ add: false, edit: false, delete: false });
  });
});
