/** What a key press in the floor-plan editor asks for. */
export type EditorCommand =
  | { type: 'nudge'; dx: number; dy: number }
  | { type: 'delete' }
  | { type: 'duplicate' }
  | { type: 'selectAll' }
  | { type: 'escape' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  | { type: 'fit' }
  | { type: 'tool'; tool: EditorTool };

export type EditorTool = 'select' | 'add' | 'pan';

export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

export const NUDGE_STEP = 1;
export const NUDGE_STEP_LARGE = 10;

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * Maps a key press to an editor command. The plan is never mirrored, so ArrowLeft moves left in
 * right-to-left languages too. Ctrl and Cmd are the same modifier.
 */
export function commandForKey(press: KeyPress): EditorCommand | null {
  const mod = press.ctrlKey || press.metaKey;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  const arrow = ARROWS[press.key];
  if (arrow && !mod && !press.altKey) {
    const step = press.shiftKey ? NUDGE_STEP_LARGE : NUDGE_STEP;
    return { type: 'nudge', dx: arrow[0] * step, dy: arrow[1] * step };
  }
  if (mod && !press.altKey) {
    if (key === 'z') return press.shiftKey ? { type: 'redo' } : { type: 'undo' };
    if (key === 'y') return { type: 'redo' };
    if (key === 'd') return { type: 'duplicate' };
    if (key === 'a') return { type: 'selectAll' };
    return null;
  }
  if (press.altKey) return null;
  if (key === 'Delete' || key === 'Backspace') return { type: 'delete' };
  if (key === 'Escape') return { type: 'escape' };
  if (key === '+' || key === '=') return { type: 'zoomIn' };
  if (key === '-' || key === '_') return { type: 'zoomOut' };
  if (key === '0') return { type: 'fit' };
  if (key === 'v') return { type: 'tool', tool: 'select' };
  if (key === 'a') return { type: 'tool', tool: 'add' };
  if (key === 'h') return { type: 'tool', tool: 'pan' };
  return null;
}
