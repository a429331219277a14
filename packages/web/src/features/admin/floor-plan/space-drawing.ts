import type { SpaceFontSize } from '@perch/contract';
import type { DraftSpace } from './draft-space';
import { spaceOutline, type SpaceOutline } from '../../../shared/plan/space-outline';

/** Label sizes in plan pixels, as the booking map uses them. */
export const LABEL_FONT_SIZE: Record<SpaceFontSize, number> = { small: 10, normal: 12, big: 14, bigger: 18 };

/** The outline of a space in the editor; its own function here, so a test can count the drawings. */
export function shapeGeometry(space: DraftSpace): SpaceOutline {
  return spaceOutline(space);
}
