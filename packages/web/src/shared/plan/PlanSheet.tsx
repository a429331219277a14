import classes from './plan-sheet.module.css';
import type { Size } from './geometry';

/** The floor plan's paper and, when the area has one, its image: what the spaces are drawn on. */
export function PlanSheet({ plan, imageUrl }: { plan: Size; imageUrl: string | null | undefined }) {
  return (
    <>
      <rect className={classes.planSheet} width={plan.width} height={plan.height} vectorEffect="non-scaling-stroke" />
      {imageUrl && (
        <image href={imageUrl} width={plan.width} height={plan.height} preserveAspectRatio="none" aria-hidden />
      )}
    </>
  );
}
