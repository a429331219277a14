import { describe, expect, it } from 'vitest';
import { space, spaces } from '../test-support/admin-fixtures';
import { NEW_SPACE_DEFAULTS, nextName } from './draft-space';
import { editorReducer, initialEditorState, type EditorAction, type EditorState } from './editor-state';

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const start = () => initialEditorState(spaces(3));
const key = (n: number) => space(n).id;

describe('editor history', () => {
  it('undoes and redoes an edit', () => {
    const edited = run(start(), { type: 'update', changes: { [key(1)]: { x: 500 } } });
    expect(edited.present.spaces[key(1)]?.x).toBe(500);
    const undone = run(edited, { type: 'undo' });
    expect(undone.present.spaces[key(1)]?.x).toBe(space(1).x);
    expect(run(undone, { type: 'redo' }).present.spaces[key(1)]?.x).toBe(500);
  });

  it('records a whole drag as one step', () => {
    const dragged = run(
      start(),
      { type: 'beginGesture' },
      { type: 'gesture', changes: { [key(2)]: { x: 200 } } },
      { type: 'gesture', changes: { [key(2)]: { x: 210 } } },
      { type: 'gesture', changes: { [key(2)]: { x: 220 } } },
      { type: 'endGesture' },
    );
    expect(dragged.past).toHaveLength(1);
    expect(run(dragged, { type: 'undo' }).present.spaces[key(2)]?.x).toBe(space(2).x);
  });

  it('records nothing for a click that did not move anything', () => {
    const clicked = run(start(), { type: 'beginGesture' }, { type: 'endGesture' });
    expect(clicked.past).toHaveLength(0);
  });

  it('merges typing into one step but not separate fields', () => {
    const typed = run(
      start(),
      { type: 'update', changes: { [key(1)]: { name: 'W' } }, tag: `name:${key(1)}` },
      { type: 'update', changes: { [key(1)]: { name: 'Wi' } }, tag: `name:${key(1)}` },
      { type: 'update', changes: { [key(1)]: { name: 'Window' } }, tag: `name:${key(1)}` },
      { type: 'update', changes: { [key(1)]: { width: 80 } }, tag: `width:${key(1)}` },
    );
    expect(typed.past).toHaveLength(2);
    expect(run(typed, { type: 'undo' }, { type: 'undo' }).present.spaces[key(1)]?.name).toBe('Desk 1');
  });

  it('drops the redo branch after a new edit', () => {
    const state = run(
      start(),
      { type: 'update', changes: { [key(1)]: { x: 1 } } },
      { type: 'undo' },
      { type: 'update', changes: { [key(1)]: { y: 1 } } },
    );
    expect(state.future).toHaveLength(0);
    expect(run(state, { type: 'redo' })).toBe(state);
  });

  it('keeps untouched spaces as the same objects, so their drawings are not redrawn', () => {
    const before = start();
    const after = run(before, { type: 'update', changes: { [key(1)]: { x: 99 } } });
    expect(after.present.spaces[key(2)]).toBe(before.present.spaces[key(2)]);
    expect(after.present.spaces[key(1)]).not.toBe(before.present.spaces[key(1)]);
  });
});

describe('adding, removing and selecting', () => {
  const draft = { ...NEW_SPACE_DEFAULTS, name: 'New', x: 0, y: 0, width: 10, height: 10 };

  it('adds a space without id, selects it, and removes it again with undo', () => {
    const added = run(start(), { type: 'add', spaces: [draft] });
    const [newKey] = added.selection;
    expect(added.present.spaces[newKey!]).toMatchObject({ id: null, name: 'New' });
    expect(added.present.order).toHaveLength(4);
    expect(run(added, { type: 'undo' }).present.order).toHaveLength(3);
    expect(run(added, { type: 'undo' }).selection).toEqual([]);
  });

  it('gives every new space its own key', () => {
    const added = run(start(), { type: 'add', spaces: [draft, draft] }, { type: 'add', spaces: [draft] });
    expect(new Set(added.present.order).size).toBe(6);
  });

  it('removes the selected spaces and forgets them in the selection', () => {
    const state = run(
      start(),
      { type: 'select', keys: [key(1), key(2)], mode: 'replace' },
      { type: 'remove', keys: [key(1)] },
    );
    expect(state.present.order).toEqual([key(2), key(3)]);
    expect(state.selection).toEqual([key(2)]);
  });

  it('toggles with shift and adds with a rubber band', () => {
    const toggled = run(
      start(),
      { type: 'select', keys: [key(1)], mode: 'replace' },
      { type: 'select', keys: [key(2)], mode: 'toggle' },
      { type: 'select', keys: [key(1)], mode: 'toggle' },
    );
    expect(toggled.selection).toEqual([key(2)]);
    expect(run(toggled, { type: 'select', keys: [key(2), key(3)], mode: 'add' }).selection).toEqual([key(2), key(3)]);
  });

  it('ignores unknown keys', () => {
    expect(run(start(), { type: 'select', keys: ['nope'], mode: 'replace' }).selection).toEqual([]);
  });
});

describe('naming', () => {
  it('continues a numbered series', () => {
    expect(nextName('Desk 7', ['Desk 1', 'Desk 16', 'Desk 7'])).toBe('Desk 17');
    expect(nextName('Space', [])).toBe('Space 1');
    expect(nextName('Meeting room', ['Meeting room'])).toBe('Meeting room 2');
    expect(nextName('Room (A)', ['Room (A) 3'])).toBe('Room (A) 4');
  });
});

describe('cancelled drags', () => {
  it('put everything back without an undo step', () => {
    const state = [
      { type: 'update', changes: { [key(3)]: { name: 'Kept' } } },
      { type: 'beginGesture' },
      { type: 'gesture', changes: { [key(1)]: { x: 777 } } },
      { type: 'cancelGesture' },
    ].reduce((s, a) => editorReducer(s, a as EditorAction), start());
    expect(state.present.spaces[key(1)]?.x).toBe(space(1).x);
    expect(state.present.spaces[key(3)]?.name).toBe('Kept');
    expect(state.past).toHaveLength(1);
  });
});
