import type { Space } from '@perch/contract';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { Box, Size } from '../../../shared/plan/geometry';
import { planChanges } from './bulk-diff';
import { NEW_SPACE_DEFAULTS, nextName, type DraftSpace } from './draft-space';
import { editorReducer, initialEditorState, type EditorState, type SpaceChanges } from './editor-state';
import { alignDeltas, keepOnPlan, moveDelta, snap, type AlignEdge } from './geometry';

/** Where a duplicate lands, relative to its original. */
const DUPLICATE_OFFSET = 20;

type SpaceEdit = Partial<Omit<DraftSpace, 'key' | 'id'>>;

function allSpaces({ present }: EditorState): DraftSpace[] {
  return present.order.flatMap((k) => (present.spaces[k] ? [present.spaces[k]] : []));
}

function selectedSpaces({ present, selection }: EditorState): DraftSpace[] {
  return selection.flatMap((k) => (present.spaces[k] ? [present.spaces[k]] : []));
}

/**
 * The editor's state and the edits it offers. `saved` is the server's list: when it changes
 * (after a save) the draft starts over from it, keeping `selectionAfterReset` selected.
 */
export function useFloorPlanEditor(saved: readonly Space[], plan: Size, newSpaceName: string) {
  const [state, dispatch] = useReducer(editorReducer, saved, initialEditorState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const selectionAfterReset = useRef<string[] | null>(null);

  const firstSaved = useRef(saved);
  useEffect(() => {
    if (saved === firstSaved.current) return;
    dispatch({ type: 'reset', spaces: saved, selection: selectionAfterReset.current ?? stateRef.current.selection });
    selectionAfterReset.current = null;
  }, [saved]);

  const changes = useMemo(() => planChanges(saved, state.present), [saved, state.present]);

  const addBox = useCallback(
    (box: Box) => {
      const name = nextName(
        newSpaceName,
        allSpaces(stateRef.current).map((s) => s.name),
      );
      dispatch({ type: 'add', spaces: [{ ...NEW_SPACE_DEFAULTS, ...box, name }] });
    },
    [newSpaceName],
  );

  const duplicateSelection = useCallback(() => {
    const originals = selectedSpaces(stateRef.current);
    if (originals.length === 0) return;
    const names = allSpaces(stateRef.current).map((s) => s.name);
    const copies = originals.map(({ key: _key, id: _id, ...rest }) => {
      const name = nextName(rest.name, names);
      names.push(name);
      const moved = keepOnPlan({ ...rest, x: rest.x + DUPLICATE_OFFSET, y: rest.y + DUPLICATE_OFFSET }, plan);
      return { ...rest, ...moved, name };
    });
    dispatch({ type: 'add', spaces: copies });
  }, [plan]);

  const deleteSelection = useCallback(() => {
    dispatch({ type: 'remove', keys: stateRef.current.selection });
  }, []);

  const nudgeSelection = useCallback(
    (dx: number, dy: number) => {
      const spaces = selectedSpaces(stateRef.current);
      if (spaces.length === 0) return;
      const delta = moveDelta(spaces, dx, dy, plan, 1);
      const changes: Record<string, SpaceEdit> = {};
      for (const s of spaces) changes[s.key] = { x: s.x + delta.x, y: s.y + delta.y };
      // Holding an arrow key is one undo step, not one per pixel.
      dispatch({ type: 'update', changes: changes as SpaceChanges, tag: `nudge:${stateRef.current.selection.join()}` });
    },
    [plan],
  );

  const alignSelection = useCallback((edge: AlignEdge) => {
    const spaces = selectedSpaces(stateRef.current);
    const deltas = alignDeltas(spaces, edge);
    const changes: Record<string, SpaceEdit> = {};
    spaces.forEach((s, i) => {
      const d = deltas[i];
      if (d) changes[s.key] = { x: s.x + d.x, y: s.y + d.y };
    });
    dispatch({ type: 'update', changes: changes as SpaceChanges });
  }, []);

  /** Edits from the side panel; geometry stays on the plan and whole-numbered. */
  const editSpace = useCallback(
    (key: string, edit: SpaceEdit, tag?: string) => {
      const current = stateRef.current.present.spaces[key];
      if (!current) return;
      const geometryChanged = ['x', 'y', 'width', 'height', 'rotation'].some((f) => f in edit);
      const next = geometryChanged ? { ...edit, ...keepOnPlan({ ...current, ...edit }, plan) } : edit;
      dispatch({ type: 'update', changes: { [key]: next }, tag });
    },
    [plan],
  );

  /** Edits several spaces at once (switches of the multi-selection panel). */
  const editSelection = useCallback((edit: SpaceEdit) => {
    const changes: Record<string, SpaceEdit> = {};
    for (const key of stateRef.current.selection) changes[key] = edit;
    dispatch({ type: 'update', changes: changes as SpaceChanges });
  }, []);

  const select = useCallback((keys: readonly string[]) => dispatch({ type: 'select', keys, mode: 'replace' }), []);
  const selectAll = useCallback(() => select(stateRef.current.present.order), [select]);
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
  const discard = useCallback(() => dispatch({ type: 'reset', spaces: saved }), [saved]);

  /** A space of default size in the middle of what is shown, for keyboard users. */
  const addAt = useCallback(
    (centre: { x: number; y: number }, size: Size, grid: number) =>
      addBox(
        keepOnPlan(
          {
            x: snap(centre.x - size.width / 2, grid),
            y: snap(centre.y - size.height / 2, grid),
            ...size,
            rotation: 0,
          },
          plan,
        ),
      ),
    [addBox, plan],
  );

  return {
    state,
    stateRef,
    dispatch,
    changes,
    selectionAfterReset,
    addBox,
    addAt,
    duplicateSelection,
    deleteSelection,
    nudgeSelection,
    alignSelection,
    editSpace,
    editSelection,
    select,
    selectAll,
    undo,
    redo,
    discard,
  };
}

export type FloorPlanEditorModel = ReturnType<typeof useFloorPlanEditor>;
