import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanSnapshot } from './editor-state';
import { SpaceShape } from './SpaceShape';

interface SpaceLayerProps {
  snapshot: PlanSnapshot;
  selected: ReadonlySet<string>;
}

/** All spaces, in drawing order. Zooming and panning do not re-render it (the parent group moves). */
export const SpaceLayer = memo(function SpaceLayer({ snapshot, selected }: SpaceLayerProps) {
  const { t } = useTranslation();
  return (
    <g>
      {snapshot.order.map((key) => {
        const space = snapshot.spaces[key];
        if (!space) return null;
        const name = space.name.trim() || t('unnamedSpace');
        return (
          <SpaceShape
            key={key}
            space={space}
            selected={selected.has(key)}
            label={space.enabled ? name : t('spaceDisabledLabel', { name })}
          />
        );
      })}
    </g>
  );
});
