import type { MessageKey } from '../../../i18n';

/** The server's upload limit (MAP_MAX_MB, default 20). */
export const FLOOR_PLAN_MAX_BYTES = 20 * 1024 * 1024;
export const FLOOR_PLAN_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/svg+xml,.svg';

const ACCEPTED_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml']);

/** Why a chosen file cannot be a floor plan, or null when it can. */
export function floorPlanFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): MessageKey | null {
  const isSvgByName = /\.svg$/i.test(file.name);
  if (!ACCEPTED_TYPES.has(file.type) && !isSvgByName) return 'errorFloorPlanType';
  if (file.size > FLOOR_PLAN_MAX_BYTES) return 'errorFloorPlanTooLarge';
  return null;
}

/** "PNG", "SVG", … from a MIME type such as `image/svg+xml` or the API's `svg+xml`. */
export function imageFormatName(mimeType: string): string {
  const subtype = mimeType.replace(/^image\//, '').replace(/\+xml$/, '');
  return subtype === 'jpeg' ? 'JPEG' : subtype.toUpperCase();
}

export function formatMegabytes(bytes: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));
}
