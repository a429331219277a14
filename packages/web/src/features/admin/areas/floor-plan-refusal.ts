import { ApiError } from '@perch/client';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What to say when the server refused an uploaded floor plan (413: larger than this install
 * takes; 400/415: not an image it takes, with the server's reason), or null when the upload
 * failed for another reason (the network, the server) and the file itself may be fine.
 */
export function useFloorPlanRefusal(): (error: unknown) => string | null {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError)) return null;
      if (error.status === 413) return t('floorPlanProblemServerTooLarge');
      if (error.status === 400 || error.status === 415)
        return t('floorPlanProblemServerRefused', { reason: error.message });
      return null;
    },
    [t],
  );
}
