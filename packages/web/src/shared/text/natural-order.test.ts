import { describe, expect, it } from 'vitest';
import { compareNaturally, sortNaturally } from './natural-order';

const desks = Array.from({ length: 16 }, (_, i) => `Desk ${i + 1}`);

describe('natural order', () => {
  it('puts numbers in their order, not as text', () => {
    const asText = [...desks].sort();
    expect(asText.slice(0, 4)).toEqual(['Desk 1', 'Desk 10', 'Desk 11', 'Desk 12']);
    expect(sortNaturally(asText, (d) => d, 'en')).toEqual(desks);
  });

  it('ignores case and keeps a stable order for names equal but for case', () => {
    expect(sortNaturally(['desk 2', 'Desk 10', 'Desk 1'], (d) => d, 'en')).toEqual(['Desk 1', 'desk 2', 'Desk 10']);
    expect(compareNaturally('Desk 1', 'desk 1', 'en')).not.toBe(0);
    expect(Math.sign(compareNaturally('Desk 1', 'desk 1', 'en'))).toBe(
      -Math.sign(compareNaturally('desk 1', 'Desk 1', 'en')),
    );
  });

  it('sorts letters by the language', () => {
    // German puts "Ä" with "A"; Estonian puts "Z" between "S" and "T".
    expect(sortNaturally(['Zeta', 'Ärmel', 'Bar'], (d) => d, 'de')).toEqual(['Ärmel', 'Bar', 'Zeta']);
    expect(sortNaturally(['Zeta', 'Sigma', 'Tau'], (d) => d, 'et')).toEqual(['Sigma', 'Zeta', 'Tau']);
  });

  it('orders objects by the name they carry', () => {
    const rooms = [{ name: 'Room 10' }, { name: 'Room 9' }];
    expect(sortNaturally(rooms, (r) => r.name, 'he').map((r) => r.name)).toEqual(['Room 9', 'Room 10']);
  });
});
