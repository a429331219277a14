import type { Space } from '@perch/contract';
import { draftFromSpace, type DraftSpace } from './draft-space';

/** What undo and redo step through: the spaces, not the selection or the view. */
export interface PlanSnapshot {
  spaces: Readonly<Record<string, DraftSpace>>;
  /** Drawing and list order. */
  order: readonly string[];
}

export interface EditorState {
  past: readonly PlanSnapshot[];
  present: PlanSnapshot;
  future: readonly PlanSnapshot[];
  /** The snapshot a drag started from; the whole drag becomes one undo step. */
  gestureStart: PlanSnapshot | null;
  /** Consecutive edits with the same tag (typing a name) merge into one undo step. */
  lastTag: string | null;
  selection: readonly string[];
  /** Counter for keys of new spaces. */
  created: number;
}

export type SpaceChanges = Readonly<Record<string, Partial<Omit<DraftSpace, 'key' | 'id'>>>>;

export type SelectMode = 'replace' | 'toggle' | 'add';

export type EditorAction =
  | { type: 'reset'; spaces: readonly Space[]; selection?: readonly string[] }
  | { type: 'add'; spaces: readonly Omit<DraftSpace, 'key' | 'id'>[] }
  | { type: 'update'; changes: SpaceChanges; tag?: string }
  | { type: 'beginGesture' }
  | { type: 'gesture'; changes: SpaceChanges }
  | { type: 'endGesture' }
  | { type: 'cancelGesture' }
  | { type: 'remove'; keys: readonly string[] }
  | { type: 'select'; keys: readonly string[]; mode: SelectMode }
  | { type: 'undo' }
  | { type: 'redo' };

export const HISTORY_LIMIT = 200;

export function snapshotOf(spaces: readonly Space[]): PlanSnapshot {
  const drafts = spaces.map(draftFromSpace);
  return { spaces: Object.fromEntries(drafts.map((d) => [d.key, d])), order: drafts.map((d) => d.key) };
}

export function initialEditorState(spaces: readonly Space[]): EditorState {
  return {
    past: [],
    present: snapshotOf(spaces),
    future: [],
    gestureStart: null,
    lastTag: null,
    selection: [],
    created: 0,
  };
}

/** Applies changes; untouched spaces keep their object identity, so their drawings do not re-render. */
function applyChanges(snapshot: PlanSnapshot, changes: SpaceChanges): PlanSnapshot {
  let spaces: Record<string, DraftSpace> | null = null;
  for (const [key, change] of Object.entries(changes)) {
    const current = snapshot.spaces[key];
    if (!current) continue;
    const changed = (Object.keys(change) as (keyof typeof change)[]).some((k) => change[k] !== current[k]);
    if (!changed) continue;
    spaces ??= { ...snapshot.spaces };
    spaces[key] = { ...current, ...change };
  }
  return spaces ? { ...snapshot, spaces } : snapshot;
}

/** Records `next` as a new step (dropping the redo branch), unless nothing changed. */
function commit(state: EditorState, next: PlanSnapshot, tag: string | null = null): EditorState {
  if (next === state.present) return state;
  const mergeWithLast = tag !== null && tag === state.lastTag;
  const past = mergeWithLast ? state.past : [...state.past, state.present].slice(-HISTORY_LIMIT);
  return { ...state, past, present: next, future: [], lastTag: tag };
}

const existing = (snapshot: PlanSnapshot, keys: readonly string[]) => keys.filter((k) => k in snapshot.spaces);

function select(state: EditorState, keys: readonly string[], mode: SelectMode): readonly string[] {
  const valid = existing(state.present, keys);
  if (mode === 'replace') return valid;
  if (mode === 'add') return [...state.selection, ...valid.filter((k) => !state.selection.includes(k))];
  const toggled = new Set(state.selection);
  for (const k of valid) {
    if (toggled.has(k)) toggled.delete(k);
    else toggled.add(k);
  }
  return [...toggled];
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'reset': {
      const present = snapshotOf(action.spaces);
      return { ...initialEditorState(action.spaces), selection: existing(present, action.selection ?? []) };
    }
    case 'add': {
      let created = state.created;
      const added = action.spaces.map((s): DraftSpace => ({ ...s, key: `new-${++created}`, id: null }));
      const next: PlanSnapshot = {
        spaces: { ...state.present.spaces, ...Object.fromEntries(added.map((s) => [s.key, s])) },
        order: [...state.present.order, ...added.map((s) => s.key)],
      };
      return { ...commit(state, next), created, selection: added.map((s) => s.key) };
    }
    case 'update':
      return commit(state, applyChanges(state.present, action.changes), action.tag ?? null);
    case 'beginGesture':
      return { ...state, gestureStart: state.present };
    case 'gesture':
      // Live feedback while dragging: shown at once, recorded as one step when the drag ends.
      return { ...state, present: applyChanges(state.present, action.changes) };
    case 'endGesture': {
      const start = state.gestureStart;
      if (!start) return state;
      if (start === state.present) return { ...state, gestureStart: null };
      return {
        ...state,
        past: [...state.past, start].slice(-HISTORY_LIMIT),
        future: [],
        gestureStart: null,
        lastTag: null,
      };
    }
    case 'cancelGesture':
      return state.gestureStart ? { ...state, present: state.gestureStart, gestureStart: null } : state;
    case 'remove': {
      const doomed = new Set(existing(state.present, action.keys));
      if (doomed.size === 0) return state;
      const spaces = { ...state.present.spaces };
      for (const k of doomed) delete spaces[k];
      const next = { spaces, order: state.present.order.filter((k) => !doomed.has(k)) };
      return { ...commit(state, next), selection: state.selection.filter((k) => !doomed.has(k)) };
    }
    case 'select': {
      const selection = select(state, action.keys, action.mode);
      const same = selection.length === state.selection.length && selection.every((k, i) => k === state.selection[i]);
      return same ? state : { ...state, selection };
    }
    case 'undo': {
      const previous = state.past[state.past.length - 1];
      if (!previous || state.gestureStart) return state;
      return {
        ...state,
        past: state.past.slice(0, -1),
        present: previous,
        future: [state.present, ...state.future],
        lastTag: null,
        selection: existing(previous, state.selection),
      };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next || state.gestureStart) return state;
      return {
        ...state,
        past: [...state.past, state.present],
        present: next,
        future: rest,
        lastTag: null,
        selection: existing(next, state.selection),
      };
    }
  }
}
