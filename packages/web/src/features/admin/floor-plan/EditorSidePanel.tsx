import type { Group, SpaceAttribute } from '@perch/contract';
import { SelectionPanel } from './SelectionPanel';
import { SpaceInspector } from './SpaceInspector';
import { SpaceListPanel } from './SpaceListPanel';
import type { FloorPlanEditorModel } from './use-floor-plan-editor';

interface EditorSidePanelProps {
  editor: FloorPlanEditorModel;
  attributes: readonly SpaceAttribute[];
  groups: readonly Group[];
  onPick: (key: string) => void;
}

/** What the side panel shows depends on the selection: one space, several, or none. */
export function EditorSidePanel({ editor, attributes, groups, onPick }: EditorSidePanelProps) {
  const { present, selection } = editor.state;
  const selected = selection.flatMap((k) => (present.spaces[k] ? [present.spaces[k]] : []));
  const [only] = selected;
  if (selected.length > 1) {
    return (
      <SelectionPanel
        spaces={selected}
        onAlign={editor.alignSelection}
        onEdit={editor.editSelection}
        onDuplicate={editor.duplicateSelection}
        onDelete={editor.deleteSelection}
      />
    );
  }
  if (only) {
    return (
      <SpaceInspector
        key={only.key}
        space={only}
        attributes={attributes}
        groups={groups}
        onEdit={(edit, tag) => editor.editSpace(only.key, edit, tag)}
        onDuplicate={editor.duplicateSelection}
        onDelete={editor.deleteSelection}
      />
    );
  }
  return <SpaceListPanel snapshot={present} onPick={onPick} />;
}
