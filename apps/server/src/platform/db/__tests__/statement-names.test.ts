import { describe, expect, it } from 'vitest';
import { StatementNames } from '../statement-names.js';

describe('statement names of one connection', () => {
  it('names a text once, and closes the least recently used past the bound', () => {
    const names = new StatementNames(2);
    const a = names.nameFor('select a');
    const b = names.nameFor('select b');
    expect(names.nameFor('select a')).toBe(a);
    expect(names.takeCloses()).toEqual([]);
    // 'select b' is now the least recently used: it goes when a third text comes.
    const c = names.nameFor('select c');
    expect(new Set([a, b, c]).size).toBe(3);
    expect(names.takeCloses()).toEqual([b]);
    expect(names.takeCloses()).toEqual([]);
    expect(names.size).toBe(2);
    // A closed text comes back under a new name, never its old one.
    const b2 = names.nameFor('select b');
    expect(b2).not.toBe(b);
    expect(names.takeCloses()).toEqual([a]);
  });

  it('forgets a name whose first parse failed and closes it', () => {
    const names = new StatementNames(5);
    const x = names.nameFor('select x');
    names.forget(x);
    expect(names.takeCloses()).toEqual([x]);
    expect(names.nameFor('select x')).not.toBe(x);
  });
});
