/**
 * Plan geometry in floor-plan pixels, shared by the admin editor and the booking map. A space is
 * an upright box (x, y, width, height) turned by `rotation` degrees clockwise around its centre —
 * the way the booking map draws it (CSS rotate).
 */
export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Box extends Point, Size {
  rotation: number;
}

/** An axis-aligned rectangle (what a turned box covers, a rubber band). */
export interface Rect extends Point, Size {}
