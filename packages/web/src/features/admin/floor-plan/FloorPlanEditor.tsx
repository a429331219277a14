import { Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Group, Location, LocationMap, Space, SpaceAttribute } from '@perch/contract';
import { SPACE_BULK_MAX } from '@perch/contract/values';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import type { Rect, Size } from '../../../shared/plan/geometry';
import { screenToPlan } from '../../../shared/plan/viewport';
import { useRefreshSpaces, useSaveSpaces } from '../api/space-queries';
import { inheritedCheckIn } from '../ui/check-in-policy';
import { spacesWithCheckInErrors, unnamedSpaces } from './bulk-diff';
import { EditorSidePanel } from './EditorSidePanel';
import { EditorToolbar } from './EditorToolbar';
import classes from './floor-plan.module.css';
import { commandForKey, type EditorCommand, type EditorTool } from './keyboard';
import { PlanCanvas } from './PlanCanvas';
import { SPACE_NAME_INPUT_ID } from './SpaceInspector';
import { useFloorPlanEditor } from './use-floor-plan-editor';
import { useViewport } from './use-viewport';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';

const GRID_STEP = 10;
const DEFAULT_SPACE_SIZE: Size = { width: 120, height: 70 };
/** The drawing area when no floor plan has been uploaded yet. */
const BLANK_PLAN: Size = { width: 1600, height: 900 };

function isTypingTarget(target: EventTarget): boolean {
  const element = target as HTMLElement;
  return Boolean(element.closest?.('input, textarea, select, [contenteditable="true"], [role="combobox"]'));
}

function planSizeOf(map: LocationMap | null, spaces: readonly Space[]): Size {
  if (map && map.width > 0 && map.height > 0) {
    const scale = map.scale && map.scale > 0 ? map.scale : 1;
    return { width: Math.round(map.width * scale), height: Math.round(map.height * scale) };
  }
  // Spaces placed before the plan was removed stay reachable.
  const right = Math.max(0, ...spaces.map((s) => s.x + s.width + 100));
  const bottom = Math.max(0, ...spaces.map((s) => s.y + s.height + 100));
  return { width: Math.max(BLANK_PLAN.width, right), height: Math.max(BLANK_PLAN.height, bottom) };
}

interface FloorPlanEditorProps {
  area: Location;
  map: LocationMap | null;
  spaces: readonly Space[];
  attributes: readonly SpaceAttribute[];
  groups: readonly Group[];
  onDirtyChange: (dirty: boolean) => void;
  /** A space to select when the editor opens (a link to one space), brought into view. */
  initialSpaceId?: string | null;
}

/** Place, shape and describe the spaces of an area on its floor plan; one Save sends it all. */
export function FloorPlanEditor({
  area,
  map,
  spaces,
  attributes,
  groups,
  onDirtyChange,
  initialSpaceId,
}: FloorPlanEditorProps) {
  const { t } = useTranslation();
  const { settings } = useSignedInSession();
  const errorMessage = useApiErrorMessage();
  const helpId = useId();
  const inherited = useMemo(() => inheritedCheckIn(settings, area), [settings, area]);
  const plan = useMemo(() => planSizeOf(map, spaces), [map, spaces]);
  const imageUrl = useMemo(() => (map ? `data:image/${map.mimeType};base64,${map.data}` : null), [map]);
  const editor = useFloorPlanEditor(spaces, plan, t('newSpaceBaseName'));
  const viewport = useViewport(plan);
  const [tool, setTool] = useState<EditorTool>('select');
  const [snapToGrid, setSnapToGrid] = useState(true);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const panKey = useRef(false);
  const saveSpaces = useSaveSpaces(area.id);
  const refreshSpaces = useRefreshSpaces(area.id);
  const grid = snapToGrid ? GRID_STEP : 1;
  const { state, changes } = editor;

  useEffect(() => onDirtyChange(changes.count > 0), [changes.count, onDirtyChange]);

  // Once, after the viewport has measured itself: select the linked space and show it.
  const linkedSpace = useRef(initialSpaceId);
  const { select } = editor;
  const { reveal } = viewport;
  useEffect(() => {
    const space = spaces.find((s) => s.id === linkedSpace.current);
    linkedSpace.current = null;
    if (!space) return;
    select([space.id]);
    reveal(space);
  }, [spaces, select, reveal]);

  const focusSpace = (key: string) =>
    svgRef.current?.querySelector<SVGGElement>(`[data-space-key="${CSS.escape(key)}"]`)?.focus();

  const save = async () => {
    const unnamed = unnamedSpaces(state.present);
    if (unnamed.length > 0) {
      editor.select(unnamed.slice(0, 1));
      setSaveError(t('errorSpacesNeedNames', { count: unnamed.length }));
      return;
    }
    const [invalidCheckIn] = spacesWithCheckInErrors(state.present);
    if (invalidCheckIn) {
      editor.select([invalidCheckIn]);
      setSaveError(t('errorSpaceCheckIn', { name: state.present.spaces[invalidCheckIn]?.name.trim() ?? '' }));
      return;
    }
    if (changes.count > SPACE_BULK_MAX) {
      setSaveError(t('errorTooManyChanges', { count: SPACE_BULK_MAX, num: changes.count }));
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const result = await saveSpaces.mutateAsync(changes.bulk);
      const failed = [...result.creates, ...result.updates, ...result.deletes].some((item) => !item.success);
      if (failed) throw new Error('bulk save reported a failed item');
      editor.selectionAfterReset.current = state.selection.map((key) => {
        const index = changes.createdKeys.indexOf(key);
        return index >= 0 ? (result.creates[index]?.id ?? key) : key;
      });
      await refreshSpaces();
      notifications.show({ color: 'teal', message: t('floorPlanSaved') });
    } catch (error) {
      setSaveError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const run = (command: EditorCommand) => {
    switch (command.type) {
      case 'nudge':
        return editor.nudgeSelection(command.dx, command.dy);
      case 'delete':
        editor.deleteSelection();
        return svgRef.current?.focus();
      case 'duplicate':
        return editor.duplicateSelection();
      case 'selectAll':
        return editor.selectAll();
      case 'escape':
        if (tool !== 'select') return setTool('select');
        return editor.select([]);
      case 'undo':
        return editor.undo();
      case 'redo':
        return editor.redo();
      case 'zoomIn':
        return viewport.zoomIn();
      case 'zoomOut':
        return viewport.zoomOut();
      case 'fit':
        return viewport.fit();
      case 'tool':
        return setTool(command.tool);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isTypingTarget(event.target)) return;
    const inCanvas = Boolean(svgRef.current?.contains(event.target as Node));
    if (inCanvas && event.key === ' ') {
      panKey.current = true;
      event.preventDefault();
      return;
    }
    if (inCanvas && event.key === 'Enter' && tool === 'add') {
      const { width, height } = svgRef.current?.getBoundingClientRect() ?? { width: 0, height: 0 };
      editor.addAt(screenToPlan(viewport.viewRef.current, { x: width / 2, y: height / 2 }), DEFAULT_SPACE_SIZE, grid);
      return;
    }
    const command = commandForKey(event);
    if (!command) return;
    if (!inCanvas && command.type !== 'undo' && command.type !== 'redo') return;
    event.preventDefault();
    run(command);
  };

  const onSpaceFocused = useCallback((bounds: Rect) => reveal(bounds), [reveal]);
  const panKeyHeld = useCallback(() => panKey.current, []);
  const dispatchFromCanvas = editor.dispatch;

  return (
    <Stack gap="sm" onKeyDown={onKeyDown} onKeyUp={(e) => e.key === ' ' && (panKey.current = false)}>
      <EditorToolbar
        tool={tool}
        onTool={setTool}
        canUndo={state.past.length > 0}
        canRedo={state.future.length > 0}
        onUndo={editor.undo}
        onRedo={editor.redo}
        snapToGrid={snapToGrid}
        onSnapToGrid={setSnapToGrid}
        onZoomIn={viewport.zoomIn}
        onZoomOut={viewport.zoomOut}
        onFit={viewport.fit}
        changeCount={changes.count}
        saving={saving}
        onSave={() => void save()}
        onDiscard={() => {
          setSaveError(null);
          editor.discard();
        }}
      />
      {saveError && (
        <ErrorAlert
          title={t('floorPlanNotSaved')}
          withCloseButton
          closeButtonLabel={t('close')}
          onClose={() => setSaveError(null)}
        >
          {saveError}
        </ErrorAlert>
      )}
      <div className={classes.layout}>
        <div className={classes.canvasColumn}>
          <PlanCanvas
            areaName={area.name}
            plan={plan}
            imageUrl={imageUrl}
            state={state}
            stateRef={editor.stateRef}
            dispatch={dispatchFromCanvas}
            tool={tool}
            grid={grid}
            showGrid={snapToGrid}
            view={viewport.view}
            viewRef={viewport.viewRef}
            setViewport={viewport.setViewport}
            containerRef={viewport.containerRef}
            panKeyHeld={panKeyHeld}
            onDrawn={editor.addBox}
            defaultSize={DEFAULT_SPACE_SIZE}
            onSpaceFocused={onSpaceFocused}
            onSpaceDoubleClick={() => document.getElementById(SPACE_NAME_INPUT_ID)?.focus()}
            svgRef={svgRef}
            describedBy={helpId}
          />
          <Text id={helpId} fz="xs" c="dimmed" mt={6}>
            {tool === 'add' ? t('drawHint') : t('canvasKeyboardHint')}
          </Text>
        </div>
        <Paper withBorder radius="md" p="md" className={classes.panel}>
          <EditorSidePanel
            editor={editor}
            attributes={attributes}
            groups={groups}
            inheritedCheckIn={inherited}
            onPick={(key) => {
              editor.select([key]);
              focusSpace(key);
            }}
          />
        </Paper>
      </div>
    </Stack>
  );
}
