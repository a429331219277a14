import { describe, expect, it } from 'vitest';
import { boundsOf, neighbourInDirection, type PlacedSpace } from './map-navigation';

const at = (id: string, x: number, y: number, extra: Partial<PlacedSpace> = {}): PlacedSpace => ({
  id,
  x,
  y,
  width: 140,
  height: 80,
  rotation: 0,
  ...extra,
});

// Two islands of four desks, as on the sample floor: 1 2 | 5 6 over 3 4 | 7 8.
const plan = [
  at('1', 140, 150),
  at('2', 290, 150),
  at('3', 140, 240),
  at('4', 290, 240),
  at('5', 560, 150),
  at('6', 710, 150),
  at('7', 560, 240),
  at('8', 710, 240),
];
const byId = (id: string) => plan.find((s) => s.id === id)!;
const move = (from: string, direction: 'left' | 'right' | 'up' | 'down') =>
  neighbourInDirection(byId(from), plan, direction)?.id ?? null;

describe('arrow keys on the plan', () => {
  it('moves to the neighbour in the same row or column', () => {
    expect(move('1', 'right')).toBe('2');
    expect(move('2', 'right')).toBe('5');
    expect(move('5', 'left')).toBe('2');
    expect(move('1', 'down')).toBe('3');
    expect(move('4', 'up')).toBe('2');
    expect(move('8', 'left')).toBe('7');
  });

  it('stays put at the edge of the plan', () => {
    expect(move('1', 'left')).toBeNull();
    expect(move('1', 'up')).toBeNull();
    expect(move('8', 'down')).toBeNull();
    expect(move('6', 'right')).toBeNull();
  });

  it('prefers the space in line over a nearer one off to the side', () => {
    const spaces = [at('a', 0, 0), at('b', 160, 100), at('c', 400, 0)];
    expect(neighbourInDirection(spaces[0]!, spaces, 'right')?.id).toBe('c');
    expect(neighbourInDirection(spaces[0]!, spaces, 'down')?.id).toBe('b');
  });

  it('does not take a space a few pixels lower in the same row for "down"', () => {
    const spaces = [at('a', 0, 0), at('b', 160, 6)];
    expect(neighbourInDirection(spaces[0]!, spaces, 'down')).toBeNull();
    expect(neighbourInDirection(spaces[0]!, spaces, 'right')?.id).toBe('b');
  });

  it('measures turned spaces by what they cover', () => {
    const turned = boundsOf(at('t', 0, 0, { rotation: 90 }));
    expect(turned.x).toBeCloseTo(30);
    expect(turned.y).toBeCloseTo(-30);
    expect(turned.width).toBeCloseTo(80);
    expect(turned.height).toBeCloseTo(140);
  });
});
