import { describe, expect, it } from 'vitest';
import { matches, matchesAll, parseAttributeQuery } from './attribute-filter.js';

describe('attribute filters', () => {
  it.each([
    ['2', 'eq', '2', true],
    ['2', 'eq', '02', false],
    ['2', 'neq', '3', true],
    ['window seat', 'contains', 'window', true],
    ['window seat', 'ncontains', 'window', false],
    ['3', 'gt', '2', true],
    ['2', 'gt', '2', false],
    ['2', 'gte', '2', true],
    ['1', 'lt', '2', true],
    ['2', 'lte', '2', true],
    ['two', 'gt', '1', false],
    ['2', 'gt', 'one', false],
    ['["a","b"]', 'contains', 'a', true],
    ['["a","b"]', 'ncontains', 'a', false],
    ['["a","b"]', 'contains', '*', true],
    ['[]', 'contains', '*', false],
    ['[]', 'ncontains', '*', true],
    ['["a"]', 'eq', '["a"]', false],
  ] as const)('%s %s %s → %s', (stored, cmp, wanted, result) => {
    expect(matches(stored, cmp, wanted)).toBe(result);
  });

  it('needs every criterion, and a value for each', () => {
    const values = new Map([
      ['monitors', '2'],
      ['standing', '1'],
    ]);
    expect(
      matchesAll(values, [
        { attributeId: 'monitors', comparator: 'gte', value: '2' },
        { attributeId: 'standing', comparator: 'eq', value: '1' },
      ]),
    ).toBe(true);
    expect(matchesAll(values, [{ attributeId: 'monitors', comparator: 'gte', value: '3' }])).toBe(false);
    expect(matchesAll(values, [{ attributeId: 'phone', comparator: 'neq', value: 'x' }])).toBe(false);
    expect(matchesAll(values, [])).toBe(true);
  });

  it('ignores a malformed attribute query', () => {
    expect(parseAttributeQuery('{not json')).toEqual([]);
    expect(parseAttributeQuery('{"a":1}')).toEqual([]);
    expect(parseAttributeQuery('[{"attributeId":"x","comparator":"eq","value":"1"},{"bad":true}]')).toEqual([
      { attributeId: 'x', comparator: 'eq', value: '1' },
    ]);
  });
});
