import type { Group, SpaceAttribute } from '@perch/contract';
import type { InheritedCheckIn } from '../ui/check-in-policy';
import { SelectionPanel } from './SelectionPanel';
import { SpaceInspector } from './SpaceInspector';
import { SpaceListPanel } from './SpaceListPanel';
import type { FloorPlanEditorModel } from './use-floor-plan-editor';

interface EditorSidePanelProps {
  editor: FloorPlanEditorModel;
  attributes: readonly SpaceAttribute[];
  groups: readonly Group[];
  inheritedCheckIn: InheritedCheckIn;
  onPick: (key: string) => void;
}

/**
 * What the side panel shows depends on the selection: one space, several, or none. A space's
 * check-in policy is edited one space at a time.
 */
export function EditorSidePanel({ editor, attributes, groups, inheritedCheckIn, onPick }: EditorSidePanelProps) {
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
        inheritedCheckIn={inheritedCheckIn}
        onEdit={(edit, tag) => editor.editSpace(only.key, edit, tag)}
        onDuplicate={editor.duplicateSelection}
        onDelete={editor.deleteSelection}
      />
    );
  }
  return <SpaceListPanel snapshot={present} onPick={onPick} />;
}
