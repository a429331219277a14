import { describe, expect, it } from 'vitest';
import { initials, LABEL_MIN_PX, layoutLabel, shortLabel } from './map-labels';

describe('short labels', () => {
  it('keeps the number or code that tells spaces apart', () => {
    expect(shortLabel('Desk 12')).toBe('12');
    expect(shortLabel('Desk X1')).toBe('X1');
    expect(shortLabel('Desk B')).toBe('B');
    expect(shortLabel('Desk12')).toBe('12');
  });

  it('uses initials or the first letters otherwise', () => {
    expect(shortLabel('Meeting room')).toBe('MR');
    expect(shortLabel('Kitchen')).toBe('Kit');
    expect(initials('Anna Maria Tester')).toBe('AT');
    expect(initials('anna@example.com')).toBe('A');
  });
});

describe('label layout', () => {
  const desk = { across: 140, along: 80 };

  it('writes the whole name with the symbol when there is room', () => {
    const layout = layoutLabel(['Desk 12', '12'], desk, 1, 12);
    expect(layout).toMatchObject({ text: 'Desk 12', short: false });
    expect(layout.icon).toBeGreaterThan(0);
    expect(layout.font * 1).toBeGreaterThanOrEqual(LABEL_MIN_PX);
  });

  it('keeps labels readable on a small screen: the short form, never below the minimum size', () => {
    // The sample floor at 375 px wide: about a fifth of its size.
    const layout = layoutLabel(['Desk 12', '12'], desk, 0.2, 12);
    expect(layout.text).toBe('12');
    expect(layout.font * 0.2).toBeGreaterThanOrEqual(LABEL_MIN_PX);
  });

  it('shows the symbol alone when not even the short form fits', () => {
    const layout = layoutLabel(['Desk 12', '12'], desk, 0.05, 12);
    expect(layout.text).toBe('');
    expect(layout.icon).toBeGreaterThan(0);
  });

  it("falls back from a person's whole name to the first name, then the initials", () => {
    const forms = ['Booker Tester', 'Booker', 'BT'];
    expect(layoutLabel(forms, desk, 1, 12).text).toBe('Booker Tester');
    expect(layoutLabel(forms, desk, 0.4, 12).text).toBe('Booker');
    expect(layoutLabel(forms, desk, 0.2, 12).text).toBe('BT');
  });

  it('grows with the zoom', () => {
    expect(layoutLabel(['Desk 1', '1'], desk, 2, 12).font).toBe(12);
    expect(layoutLabel(['Desk 1', '1'], desk, 0.5, 12).font).toBeCloseTo(22);
  });
});
