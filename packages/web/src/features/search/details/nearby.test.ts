import type { SpaceAvailability } from '@perch/contract';
import { describe, expect, it } from 'vitest';
import type { MapEntry } from '../map/map-entry';
import { nearestFree } from './nearby';

const entry = (name: string, x: number, y: number, free = true, allowed = true): MapEntry => ({
  space: {
    id: name,
    name,
    x,
    y,
    width: 40,
    height: 40,
    available: free,
    allowed,
    enabled: true,
  } as SpaceAvailability,
  status: free ? 'available' : 'booked',
  label: name,
});

describe('free spaces near a taken one', () => {
  const taken = entry('Desk 1', 0, 0, false);
  const entries = [
    taken,
    entry('Desk 2', 50, 0),
    entry('Desk 3', 500, 500),
    entry('Desk 4', 0, 60),
    entry('Desk 5', 10, 10, false),
    entry('Desk 6', 20, 20, true, false),
    entry('Desk 7', 100, 0),
  ];

  it('lists the bookable ones nearest first, leaving out taken and forbidden ones', () => {
    expect(nearestFree(entries, taken).map((e) => e.space.name)).toEqual(['Desk 2', 'Desk 4', 'Desk 7']);
  });

  it('lists fewer when fewer are free, and none when none are', () => {
    expect(nearestFree(entries, taken, 10).map((e) => e.space.name)).toEqual(['Desk 2', 'Desk 4', 'Desk 7', 'Desk 3']);
    expect(nearestFree([taken, entry('Desk 5', 10, 10, false)], taken)).toEqual([]);
  });
});
