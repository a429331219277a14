/** On-screen size (CSS px) a label is drawn at when the space has room for it. */
export const LABEL_TARGET_PX = 11;
/** Below this on-screen size a label is unreadable: a shorter one, or only the symbol, is shown. */
export const LABEL_MIN_PX = 9;
/** Average width of a character of the labels' bold type, in em. */
const CHAR_EM = 0.62;

/** The reference's font sizes (floor-plan px) for the space's `fontSize`. */
export const LABEL_FONT_SIZE: Readonly<Record<string, number>> = { small: 10, normal: 12, big: 14, bigger: 18 };

/**
 * A short form of a name for spaces too small for the whole: the trailing number or code
 * ("Desk 12" → "12", "Desk X1" → "X1", "Desk B" → "B"), else the initials of the words
 * ("Meeting room" → "MR"), else the first letters of a single word ("Kitchen" → "Kit").
 */
export function shortLabel(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const last = words[words.length - 1] ?? '';
  if (words.length > 1 && (/\d/.test(last) ? [...last].length <= 5 : [...last].length <= 2)) return last;
  const digits = /(\d+)$/.exec(name.trim());
  if (digits) return digits[1]!.slice(-4);
  if (words.length > 1)
    return words
      .slice(0, 3)
      .map((w) => [...w][0]!.toLocaleUpperCase())
      .join('');
  return [...last].slice(0, 3).join('');
}

/** Initials of a person's name ("Anna Tester" → "AT"; an email → its first letter). */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s@.]+/)
    .filter(Boolean);
  if (words.length === 0) return '';
  if (name.includes('@') || words.length === 1) return [...words[0]!][0]!.toLocaleUpperCase();
  return [words[0]!, words[words.length - 1]!].map((w) => [...w][0]!.toLocaleUpperCase()).join('');
}

export interface LabelLayout {
  /** The text written on the space, or '' for the symbol alone. */
  text: string;
  /** Whether `text` is a shortened form. */
  short: boolean;
  /** Font size in floor-plan px. */
  font: number;
  /** Status symbol size in floor-plan px (0: no room for it). */
  icon: number;
}

/**
 * What fits on a space at the current zoom: the symbol above the longest of `forms` (the whole
 * name first, then shorter forms) that fits, else the shortest form alone, else the symbol
 * alone. A label is never drawn smaller than LABEL_MIN_PX on screen; the full name is always in
 * the tooltip and the accessible name. `across` is the space's length along its text, `along`
 * the other side.
 */
export function layoutLabel(
  forms: readonly string[],
  box: { across: number; along: number },
  zoom: number,
  baseFont: number,
): LabelLayout {
  const wanted = Math.max(baseFont, LABEL_TARGET_PX / zoom);
  const fit = (text: string, height: number) =>
    Math.min(wanted, height, (box.across * 0.88) / (Math.max(1, [...text].length) * CHAR_EM));
  const readable = (font: number) => font * zoom >= LABEL_MIN_PX;
  const candidates = forms.filter((f, i) => f && forms.indexOf(f) === i);
  for (const [i, text] of candidates.entries()) {
    const font = fit(text, box.along * 0.37);
    if (readable(font)) return { text, short: i > 0, font, icon: Math.min(font * 1.3, box.across * 0.4) };
  }
  const shortest = candidates[candidates.length - 1] ?? '';
  const font = fit(shortest, box.along * 0.7);
  if (shortest && readable(font)) return { text: shortest, short: candidates.length > 1, font, icon: 0 };
  return { text: '', short: true, font: 0, icon: Math.min(box.along, box.across) * 0.6 };
}
