import { describe, expect, it } from 'vitest';
import { commitsWrite } from './commit-deadline.js';

describe('which statements wait for the confirmation of a commit', () => {
  it('COMMIT, in a transaction or not', () => {
    expect(commitsWrite('commit', 'T')).toBe(true);
    expect(commitsWrite('  COMMIT', 'T')).toBe(true);
    expect(commitsWrite('end', 'T')).toBe(true);
  });

  it('a write outside a transaction block commits by itself; inside one it does not', () => {
    expect(commitsWrite('insert into bookings values ($1)', 'I')).toBe(true);
    expect(commitsWrite({ name: 'perch_1', text: 'UPDATE sessions SET x = $1', values: [1] }, 'I')).toBe(true);
    expect(commitsWrite('with d as (delete from t returning *) select 1', null)).toBe(true);
    expect(commitsWrite('insert into bookings values ($1)', 'T')).toBe(false);
  });

  it('reads, BEGIN and ROLLBACK do not', () => {
    expect(commitsWrite('select 1', 'I')).toBe(false);
    expect(commitsWrite('begin', 'I')).toBe(false);
    expect(commitsWrite('rollback', 'T')).toBe(false);
    expect(commitsWrite('committed_at', 'I')).toBe(false);
    expect(commitsWrite({ submit: () => {} }, 'I')).toBe(false);
  });
});
