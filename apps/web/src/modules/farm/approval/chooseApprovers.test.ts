import type { ApprovalPreview } from '@tilth/contracts';
import { describe, expect, it } from 'vitest';
import { agriDocFields, chosenBody, missingChoices, routeLine, stepsToChoose } from './chooseApprovers';

const preview: ApprovalPreview = {
  bound: true,
  definitionName: 'Receipts',
  steps: [
    { nodeId: 'head', name: '基地负责人', kind: 'approval', mode: 'single', choose: false },
    { nodeId: 'dir', name: '总监', kind: 'approval', mode: 'any', choose: true },
    { nodeId: 'cc', name: '抄送', kind: 'cc', mode: null, choose: true },
  ],
};

describe('choosing approvers at submit', () => {
  it('asks only for the steps marked choose, and nothing when the type is unbound', () => {
    expect(stepsToChoose(preview).map((s) => s.nodeId)).toEqual(['dir', 'cc']);
    expect(stepsToChoose({ bound: false, definitionName: null, steps: preview.steps })).toEqual([]);
    expect(stepsToChoose(undefined)).toEqual([]);
  });

  it('names the steps still missing a choice', () => {
    const steps = stepsToChoose(preview);
    expect(missingChoices(steps, {})).toEqual(['dir', 'cc']);
    expect(missingChoices(steps, { dir: [3], cc: [] })).toEqual(['cc']);
    expect(missingChoices(steps, { dir: [3], cc: [4] })).toEqual([]);
  });

  it('builds the chosen body from the steps to choose only, without duplicates', () => {
    const steps = stepsToChoose(preview);
    expect(chosenBody(steps, { dir: [3, 3, 5], cc: [4], head: [9] })).toEqual({ dir: [3, 5], cc: [4] });
    expect(chosenBody(steps, {})).toBeUndefined();
    expect(chosenBody([], { dir: [3] })).toBeUndefined();
  });

  it('shows the route as one line, none when unbound', () => {
    expect(routeLine(preview)).toBe('基地负责人 → 总监 → 抄送');
    expect(routeLine({ bound: false, definitionName: null, steps: [] })).toBeNull();
    expect(routeLine({ bound: true, definitionName: 'x', steps: [] })).toBeNull();
  });

  it('sums a form’s lines into the condition fields exactly', () => {
    expect(
      agriDocFields(7, [
        { quantity: 0.1, unitPrice: 0.2 },
        { quantity: 60, unitPrice: 100 },
        { quantity: 1.5, unitPrice: null },
        { quantity: null },
      ]),
    ).toEqual({ amount: 6000.02, quantity: 61.6, areaId: 7 });
    expect(agriDocFields(undefined, undefined)).toEqual({ amount: 0, quantity: 0 });
  });
});
