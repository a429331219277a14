import { MantineProvider } from '@mantine/core';
import type { SpaceAvailability } from '@perch/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { statusColors } from '../../../shared/space-status/space-status';
import { FloorPlanMap, type MapEntry } from './FloorPlanMap';

const space = (id: string, name: string, x: number): SpaceAvailability =>
  ({
    id,
    name,
    x,
    y: 10,
    width: 100,
    height: 60,
    rotation: 0,
    shape: 'rect',
    fontSize: 'normal',
    enabled: true,
    allowed: true,
    available: true,
    approvalRequired: false,
    bookings: [],
    attributes: [],
  }) as unknown as SpaceAvailability;

const entries: MapEntry[] = [
  { space: space('a', 'Desk 1', 10), status: 'available', label: 'Desk 1 — Available' },
  { space: space('b', 'Desk 2', 150), status: 'booked', label: 'Desk 2 — Booked' },
];

function renderMap(onOpen = vi.fn()) {
  render(
    <MantineProvider theme={theme}>
      <FloorPlanMap
        areaName="Floor 1"
        map={null}
        entries={entries}
        colors={statusColors({})}
        selectedId="b"
        onOpen={onOpen}
      />
    </MantineProvider>,
  );
  return onOpen;
}

describe('floor-plan map', () => {
  it('shows every space as a focusable button named by its status', () => {
    renderMap();
    const plan = screen.getByRole('group', { name: 'Floor plan of Floor 1' });
    const desk = screen.getByRole('button', { name: 'Desk 1 — Available' });
    expect(plan.contains(desk)).toBe(true);
    expect(desk.getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('button', { name: 'Desk 2 — Booked' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('opens a space by click and by Enter or Space', () => {
    const onOpen = renderMap();
    fireEvent.click(screen.getByRole('button', { name: 'Desk 1 — Available' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Desk 2 — Booked' }), { key: 'Enter' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Desk 1 — Available' }), { key: ' ' });
    expect(onOpen.mock.calls).toEqual([['a'], ['b'], ['a']]);
  });

  it('offers zoom and fit controls', () => {
    renderMap();
    for (const name of ['Zoom in', 'Zoom out', 'Fit to screen']) fireEvent.click(screen.getByRole('button', { name }));
    expect(screen.getByRole('button', { name: 'Desk 1 — Available' })).toBeTruthy();
  });
});
