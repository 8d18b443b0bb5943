import { describe, expect, it } from 'vitest';
import { duplicateInputIndex, groupByStatus, photoProblem, usedInputs } from './taskModel';

describe('task model', () => {
  it('groups my tasks with overdue first and drops empty groups', () => {
    const rows = [
      { id: 1, status: 'finished' as const },
      { id: 2, status: 'overdue' as const },
      { id: 3, status: 'in_progress' as const },
      { id: 4, status: 'overdue' as const },
    ];
    expect(groupByStatus(rows).map(([s, list]) => [s, list.map((r) => r.id)])).toEqual([
      ['overdue', [2, 4]],
      ['in_progress', [3]],
      ['finished', [1]],
    ]);
  });

  it('finds the same input selected twice and keeps only complete lines', () => {
    expect(duplicateInputIndex([{ inputId: 1 }, {}, { inputId: 2 }, { inputId: 1 }])).toBe(3);
    expect(duplicateInputIndex([{ inputId: 1 }, { inputId: 2 }])).toBe(-1);
    expect(
      usedInputs([{ inputId: 1, quantity: 2 }, { inputId: 2 }, { quantity: 3 }, { inputId: 4, quantity: 0 }]),
    ).toEqual([{ inputId: 1, quantity: 2 }]);
  });

  it('checks photos before upload', () => {
    expect(photoProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(photoProblem({ type: 'text/plain', size: 10 })).toBe('type');
    expect(photoProblem({ type: 'image/jpeg', size: 11 * 1024 * 1024 })).toBe('size');
  });
});
