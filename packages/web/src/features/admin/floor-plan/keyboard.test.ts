import { describe, expect, it } from 'vitest';
import { commandForKey, type KeyPress } from './keyboard';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('editor keys', () => {
  it('nudges by 1 px, or 10 px with Shift', () => {
    expect(commandForKey(press('ArrowLeft'))).toEqual({ type: 'nudge', dx: -1, dy: 0 });
    expect(commandForKey(press('ArrowDown', { shiftKey: true }))).toEqual({ type: 'nudge', dx: 0, dy: 10 });
  });

  it('undoes with Ctrl+Z or Cmd+Z and redoes with Shift or Y', () => {
    expect(commandForKey(press('z', { ctrlKey: true }))).toEqual({ type: 'undo' });
    expect(commandForKey(press('Z', { metaKey: true, shiftKey: true }))).toEqual({ type: 'redo' });
    expect(commandForKey(press('y', { ctrlKey: true }))).toEqual({ type: 'redo' });
  });

  it('deletes, duplicates, selects all and leaves with Escape', () => {
    expect(commandForKey(press('Delete'))).toEqual({ type: 'delete' });
    expect(commandForKey(press('Backspace'))).toEqual({ type: 'delete' });
    expect(commandForKey(press('d', { ctrlKey: true }))).toEqual({ type: 'duplicate' });
    expect(commandForKey(press('a', { metaKey: true }))).toEqual({ type: 'selectAll' });
    expect(commandForKey(press('Escape'))).toEqual({ type: 'escape' });
  });

  it('switches tools and zooms with single keys', () => {
    expect(commandForKey(press('a'))).toEqual({ type: 'tool', tool: 'add' });
    expect(commandForKey(press('h'))).toEqual({ type: 'tool', tool: 'pan' });
    expect(commandForKey(press('+'))).toEqual({ type: 'zoomIn' });
    expect(commandForKey(press('0'))).toEqual({ type: 'fit' });
  });

  it('leaves other keys alone', () => {
    expect(commandForKey(press('x'))).toBeNull();
    expect(commandForKey(press('c', { ctrlKey: true }))).toBeNull();
    expect(commandForKey(press('ArrowLeft', { altKey: true }))).toBeNull();
  });
});
