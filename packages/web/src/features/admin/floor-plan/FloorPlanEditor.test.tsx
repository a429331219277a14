import type { Location, Space, SpaceBulk } from '@perch/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, type FakeServer } from '../../../test-support/render-app';
import { area, AREA_ID, ATTRIBUTES, GROUPS, MAP, spaces as makeSpaces } from '../test-support/admin-fixtures';
import { renderAdmin } from '../test-support/render-admin';
import { FloorPlanEditor } from './FloorPlanEditor';
import * as drawing from './space-drawing';

// Every drawing of a space computes its outline once: counting the calls counts the renders.
vi.mock('./space-drawing', async (importOriginal) => {
  const original = await importOriginal<typeof drawing>();
  return { ...original, shapeGeometry: vi.fn(original.shapeGeometry) };
});
const shapeGeometry = vi.mocked(drawing.shapeGeometry);

function renderEditor(
  spaces: Space[],
  server: FakeServer = fakeServer({}),
  initialSpaceId: string | null = null,
  areaOver: Partial<Location> = {},
) {
  return renderAdmin(
    <FloorPlanEditor
      initialSpaceId={initialSpaceId}
      area={area(areaOver)}
      map={MAP}
      spaces={spaces}
      attributes={ATTRIBUTES.filter((a) => a.spaceApplicable)}
      groups={GROUPS}
      onDirtyChange={() => undefined}
    />,
    server,
  );
}

const plan = () => screen.getByRole('group', { name: 'Floor plan of Third floor' });
const spaceOnPlan = (name: string) => within(plan()).getByRole('button', { name });

/** Drags with the pointer; without layout in jsdom the plan sits at zoom 1 in the top-left corner. */
function drag(element: Element, from: { x: number; y: number }, to: { x: number; y: number }, steps = 4) {
  const canvas = plan();
  fireEvent.pointerDown(element, { clientX: from.x, clientY: from.y, button: 0, pointerId: 1 });
  for (let i = 1; i <= steps; i++) {
    fireEvent.pointerMove(canvas, {
      clientX: from.x + ((to.x - from.x) * i) / steps,
      clientY: from.y + ((to.y - from.y) * i) / steps,
      pointerId: 1,
    });
  }
  fireEvent.pointerUp(canvas, { clientX: to.x, clientY: to.y, button: 0, pointerId: 1 });
}

beforeEach(() => {
  shapeGeometry.mockClear();
});

describe('floor-plan editor with 500 spaces', () => {
  // 4 to 15 s on a two-core machine, by its load: the limit leaves ten times the most. The times
  // it prints are for reading, not a pass mark.
  it('draws every space once, and while one is dragged redraws only that one', { timeout: 150_000 }, async () => {
    const spaces = makeSpaces(500);
    const started = performance.now();
    renderEditor(spaces);
    await screen.findByRole('group', { name: 'Floor plan of Third floor' });
    const firstRender = performance.now() - started;
    expect(plan().querySelectorAll('[role="button"][tabindex="0"][aria-label]')).toHaveLength(500);
    const rendersPerSpace = new Map<string, number>();
    for (const [space] of shapeGeometry.mock.calls)
      rendersPerSpace.set(space.key, (rendersPerSpace.get(space.key) ?? 0) + 1);
    expect(Math.max(...rendersPerSpace.values())).toBeLessThanOrEqual(2);

    shapeGeometry.mockClear();
    const target = spaces[41]!;
    const targetShape = spaceOnPlan(target.name);
    const moveStarted = performance.now();
    drag(targetShape, { x: target.x + 5, y: target.y + 5 }, { x: target.x + 105, y: target.y + 85 }, 20);
    const dragTime = performance.now() - moveStarted;

    const redrawn = new Set(shapeGeometry.mock.calls.map(([space]) => space.key));
    expect([...redrawn]).toEqual([target.id]);
    console.info(
      `500 spaces: first render ${firstRender.toFixed(0)} ms; drag of 20 moves ${dragTime.toFixed(0)} ms ` +
        `(${(dragTime / 20).toFixed(1)} ms per move), spaces redrawn: ${redrawn.size}`,
    );
  });
});

describe('floor-plan editor', () => {
  const three = makeSpaces(3);

  it('moves a dragged space on the 10 px grid and undoes the move with Ctrl+Z', () => {
    renderEditor(three);
    const desk = spaceOnPlan('Desk 1'); // at (70, 10)
    drag(desk, { x: 80, y: 20 }, { x: 113, y: 46 });
    expect(screen.getByLabelText('X (px)')).toHaveProperty('value', '100');
    expect(screen.getByLabelText('Y (px)')).toHaveProperty('value', '40');
    fireEvent.keyDown(plan(), { key: 'z', ctrlKey: true });
    expect(screen.getByLabelText('X (px)')).toHaveProperty('value', '70');
    fireEvent.keyDown(plan(), { key: 'z', ctrlKey: true, shiftKey: true });
    expect(screen.getByLabelText('X (px)')).toHaveProperty('value', '100');
  });

  it('selects a space by keyboard focus and moves it with the arrow keys', () => {
    renderEditor(three);
    act(() => spaceOnPlan('Desk 2').focus());
    expect(screen.getByLabelText(/^Name/)).toHaveProperty('value', 'Desk 2');
    fireEvent.keyDown(spaceOnPlan('Desk 2'), { key: 'ArrowRight' });
    fireEvent.keyDown(spaceOnPlan('Desk 2'), { key: 'ArrowDown', shiftKey: true });
    expect(screen.getByLabelText('X (px)')).toHaveProperty('value', '131');
    expect(screen.getByLabelText('Y (px)')).toHaveProperty('value', '20');
    fireEvent.keyDown(spaceOnPlan('Desk 2'), { key: 'Delete' });
    expect(within(plan()).queryByRole('button', { name: 'Desk 2' })).toBeNull();
  });

  it('opens with a linked space selected', () => {
    renderEditor(three, fakeServer({}), three[2]!.id);
    expect(screen.getByLabelText(/^Name/)).toHaveProperty('value', 'Desk 3');
    expect(spaceOnPlan('Desk 3').getAttribute('aria-pressed')).toBe('true');
    expect(spaceOnPlan('Desk 1').getAttribute('aria-pressed')).toBe('false');
  });

  it('ignores a link to a space that is not on this plan', () => {
    renderEditor(three, fakeServer({}), '00000000-0000-4000-8000-000000000000');
    expect(screen.queryByLabelText(/^Name/)).toBeNull();
  });

  it('selects several spaces with a rubber band', () => {
    renderEditor(three);
    drag(plan(), { x: 60, y: 0 }, { x: 140, y: 50 });
    expect(screen.getByRole('heading', { name: 'Selected spaces: 2' })).toBeTruthy();
  });

  it('draws a new space and saves everything in one bulk request', async () => {
    let sent: SpaceBulk | undefined;
    const server = fakeServer({
      [`POST /location/${AREA_ID}/space/bulk`]: (body) => {
        sent = body as SpaceBulk;
        return json({ creates: [{ id: 'new-id', success: true }], updates: [], deletes: [] });
      },
    });
    renderEditor(three, server);
    fireEvent.click(screen.getByRole('button', { name: 'Draw' }));
    drag(plan(), { x: 400, y: 300 }, { x: 522, y: 371 });
    expect(within(plan()).getByRole('button', { name: 'Space 1' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Window seat' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent?.updates).toEqual([]);
    expect(sent?.deleteIds).toEqual([]);
    expect(sent?.creates).toEqual([
      expect.objectContaining({ name: 'Window seat', x: 400, y: 300, width: 120, height: 70, rotation: 0 }),
    ]);
  });

  it('says so when the save fails, and keeps the changes', async () => {
    const server = fakeServer({
      [`POST /location/${AREA_ID}/space/bulk`]: () => json({ message: 'bad' }, 400),
    });
    renderEditor(three, server);
    act(() => spaceOnPlan('Desk 3').focus());
    fireEvent.keyDown(spaceOnPlan('Desk 3'), { key: 'Delete' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The spaces were not saved');
    expect(within(plan()).queryByRole('button', { name: 'Desk 3' })).toBeNull();
  });
});

describe('floor-plan editor without a mouse', () => {
  it('adds a space in the middle of the view with the Draw tool and Enter', () => {
    renderEditor(makeSpaces(1));
    fireEvent.keyDown(plan(), { key: 'a' });
    expect(screen.getByRole('button', { name: 'Draw' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(plan(), { key: 'Enter' });
    expect(within(plan()).getByRole('button', { name: 'Space 1' })).toBeTruthy();
    fireEvent.keyDown(plan(), { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'Select' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('duplicates the selection with Ctrl+D under the next free name', () => {
    renderEditor(makeSpaces(2));
    act(() => spaceOnPlan('Desk 1').focus());
    fireEvent.keyDown(spaceOnPlan('Desk 1'), { key: 'd', ctrlKey: true });
    expect(within(plan()).getByRole('button', { name: 'Desk 3' })).toBeTruthy();
    expect(screen.getByLabelText(/^Name/)).toHaveProperty('value', 'Desk 3');
  });
});

describe('check-in policy of a space', () => {
  /** Records the bulk saves the editor sends. */
  function recordingServer() {
    const sent: SpaceBulk[] = [];
    const server = fakeServer({
      [`POST /location/${AREA_ID}/space/bulk`]: (body) => {
        sent.push(body as SpaceBulk);
        const bulk = body as SpaceBulk;
        return json({
          creates: [],
          updates: bulk.updates.map((u) => ({ id: u.id, success: true })),
          deletes: [],
        });
      },
    });
    return { server, sent };
  }

  const select = (name: string) => act(() => spaceOnPlan(name).focus());
  const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

  it('names where each value left empty comes from: the area where it sets one, else the organisation', async () => {
    renderEditor(makeSpaces(2), fakeServer({}), null, { checkinGraceMinutes: 20, checkinExemptLong: true });
    select('Desk 1');
    // Closed for a space without a policy of its own.
    expect(screen.queryByRole('textbox', { name: 'Check-in' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Check-in' }));
    expect(await screen.findByRole('textbox', { name: 'Check-in' })).toHaveProperty('value', "Organisation's: Off");
    expect(field(/^Grace period/).placeholder).toBe("Area's: 20");
    expect(field(/^Check-in opens/).placeholder).toBe("Organisation's: 15");
    expect(screen.getByRole('textbox', { name: 'Release missed bookings' })).toHaveProperty(
      'value',
      "Organisation's: Yes",
    );
    expect(screen.getByRole('textbox', { name: /^No check-in for bookings/ })).toHaveProperty('value', "Area's: Yes");
    // The area's grace decides the deadline: no time of day applies unless the space sets one.
    expect(screen.getByText("In the area's time zone. Leave empty to use the grace period.")).toBeTruthy();
  });

  it('sends an edit in the bulk save, and null for a field cleared back to the area', async () => {
    const { server, sent } = recordingServer();
    const spaces = [...makeSpaces(2)];
    spaces[0] = { ...spaces[0]!, checkinMode: 2, checkinGraceMinutes: 10 };
    renderEditor(spaces, server);
    select('Desk 1');
    // A space with a policy of its own shows it at once.
    expect(field(/^Grace period/).value).toBe('10');
    fireEvent.change(field(/^Check-in opens/), { target: { value: '5' } });
    fireEvent.change(field(/^Grace period/), { target: { value: '' } });
    fireEvent.click(await screen.findByRole('textbox', { name: 'Release missed bookings' }));
    const options = screen.getByRole('listbox', { name: 'Release missed bookings', hidden: true });
    fireEvent.click(within(options).getByRole('option', { name: 'No', hidden: true }));
    expect(screen.getByText('Unsaved changes: 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.updates).toEqual([
      expect.objectContaining({
        id: spaces[0]!.id,
        checkinMode: 2,
        checkinOpensMinutes: 5,
        checkinGraceMinutes: null,
        checkinReleaseTime: null,
        checkinRelease: false,
        checkinExemptLong: null,
      }),
    ]);
  });

  it('does not save a value out of range, and shows the space with the message', async () => {
    const { server, sent } = recordingServer();
    renderEditor(makeSpaces(2), server);
    select('Desk 1');
    fireEvent.click(screen.getByRole('button', { name: 'Check-in' }));
    fireEvent.change(field(/^Grace period/), { target: { value: '800' } });
    expect(screen.getByText('Enter a whole number from 1 to 720.')).toBeTruthy();
    select('Desk 2');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The check-in policy of Desk 1 has a value that cannot be saved.');
    expect(screen.getByLabelText(/^Name/)).toHaveProperty('value', 'Desk 1');
    const grace = await screen.findByRole('textbox', { name: /^Grace period/ });
    expect(grace).toHaveProperty('value', '800');
    expect(grace.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a whole number from 1 to 720.')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
