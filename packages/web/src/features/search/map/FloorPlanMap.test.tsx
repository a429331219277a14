import { MantineProvider } from '@mantine/core';
import type { SpaceAvailability } from '@perch/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { statusColors } from '../../../shared/space-status/space-status';
import { FloorPlanMap } from './FloorPlanMap';
import type { MapEntry } from './map-entry';

const space = (id: string, name: string, x: number, y = 10): SpaceAvailability =>
  ({
    id,
    name,
    x,
    y,
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

// Desk 1 | Desk 2 over Desk 3 | Desk 4, listed in natural order.
const entries: MapEntry[] = [
  { space: space('a', 'Desk 1', 10), status: 'available', label: 'Desk 1 — Available', statusText: 'Available' },
  {
    space: space('b', 'Desk 2', 150),
    status: 'booked',
    label: 'Desk 2 — Booked',
    statusText: 'Booked',
    details: ['Anna Tester, until 17:00'],
    bookers: ['Anna Tester'],
  },
  { space: space('c', 'Desk 3', 10, 100), status: 'available', label: 'Desk 3 — Available' },
  { space: space('d', 'Desk 4', 150, 100), status: 'available', label: 'Desk 4 — Available' },
];

function renderMap({ onOpen = vi.fn(), selectedId = 'b' as string | null, showNames = false } = {}) {
  render(
    <MantineProvider theme={theme}>
      <FloorPlanMap
        areaName="Floor 1"
        map={null}
        entries={entries}
        colors={statusColors({})}
        selectedId={selectedId}
        onOpen={onOpen}
        showNames={showNames}
      />
    </MantineProvider>,
  );
  return onOpen;
}

const desk = (n: number) => screen.getByRole('button', { name: new RegExp(`^Desk ${n} —`) });

describe('floor-plan map', () => {
  it('shows every space as a button named by its status, with one Tab stop for all', () => {
    renderMap({ selectedId: null });
    const plan = screen.getByRole('group', { name: 'Floor plan of Floor 1' });
    expect(plan.contains(desk(1))).toBe(true);
    expect(desk(2).getAttribute('aria-pressed')).toBe('false');
    expect([1, 2, 3, 4].map((n) => desk(n).getAttribute('tabindex'))).toEqual(['0', '-1', '-1', '-1']);
  });

  it('makes the open space the Tab stop', () => {
    renderMap();
    expect(desk(2).getAttribute('aria-pressed')).toBe('true');
    expect(desk(2).getAttribute('tabindex')).toBe('0');
    expect(desk(1).getAttribute('tabindex')).toBe('-1');
  });

  it('opens a space by click and by Enter or Space', () => {
    const onOpen = renderMap();
    fireEvent.click(desk(1));
    fireEvent.keyDown(desk(2), { key: 'Enter' });
    fireEvent.keyDown(desk(1), { key: ' ' });
    expect(onOpen.mock.calls).toEqual([['a'], ['b'], ['a']]);
  });

  it('moves between neighbours with the arrow keys, and to the first and last with Home and End', () => {
    renderMap({ selectedId: null });
    act(() => desk(1).focus());
    fireEvent.keyDown(desk(1), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(desk(2));
    fireEvent.keyDown(desk(2), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(desk(4));
    fireEvent.keyDown(desk(4), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(desk(3));
    // At the edge the focus stays.
    fireEvent.keyDown(desk(3), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(desk(3));
    fireEvent.keyDown(desk(3), { key: 'Home' });
    expect(document.activeElement).toBe(desk(1));
    fireEvent.keyDown(desk(1), { key: 'End' });
    expect(document.activeElement).toBe(desk(4));
    // The space reached last is the Tab stop.
    expect(desk(4).getAttribute('tabindex')).toBe('0');
    expect(desk(1).getAttribute('tabindex')).toBe('-1');
  });

  it('shows a tooltip with the name, status and bookings on focus, described to screen readers; Escape hides it', () => {
    renderMap({ selectedId: null });
    act(() => desk(2).focus());
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.textContent).toBe('Desk 2BookedAnna Tester, until 17:00');
    expect(desk(2).getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(desk(2).getAttribute('aria-describedby')!)?.textContent).toBe(
      'Anna Tester, until 17:00',
    );
    fireEvent.keyDown(desk(2), { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows the tooltip on hover too', () => {
    renderMap({ selectedId: null });
    fireEvent.pointerOver(desk(3), { pointerType: 'mouse' });
    expect(screen.getByRole('tooltip').textContent).toContain('Desk 3');
    fireEvent.pointerLeave(screen.getByRole('group', { name: 'Floor plan of Floor 1' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it("writes the booker's name on booked spaces when names are shown", () => {
    renderMap({ showNames: true });
    expect(desk(2).querySelector('text')?.textContent).toMatch(/^(Anna Tester|Anna|AT)$/);
    expect(desk(1).querySelector('text')?.textContent).toMatch(/^(Desk 1|1)$/);
  });

  it('offers zoom and fit controls', () => {
    renderMap();
    for (const name of ['Zoom in', 'Zoom out', 'Fit to screen']) fireEvent.click(screen.getByRole('button', { name }));
    expect(desk(1)).toBeTruthy();
  });
});
