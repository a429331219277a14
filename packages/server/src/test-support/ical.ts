/**
 * Reads the parts of an iCalendar text (RFC 5545) the tests look at: the calendar's METHOD and
 * each VEVENT's properties (folded lines joined, parameters dropped, values unescaped).
 */

export interface IcsEvent {
  uid: string;
  sequence: number;
  status: string;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  props: Record<string, string>;
}

export interface IcsFile {
  method: string;
  events: IcsEvent[];
}

function icsDate(value: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) throw new Error(`not a UTC date-time: ${value}`);
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

const unescape = (v: string) => v.replace(/\\n/gi, '\n').replace(/\\([,;\\])/g, '$1');

export function parseIcs(text: string): IcsFile {
  const lines = text.replace(/\r\n[ \t]/g, '').split(/\r\n/);
  const file: IcsFile = { method: '', events: [] };
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT' && current) {
      file.events.push({
        uid: current.UID ?? '',
        sequence: Number(current.SEQUENCE ?? 0),
        status: current.STATUS ?? '',
        start: icsDate(current.DTSTART ?? ''),
        end: icsDate(current.DTEND ?? ''),
        summary: current.SUMMARY ?? '',
        location: current.LOCATION ?? '',
        props: current,
      });
      current = null;
    } else {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const name = line.slice(0, colon).split(';')[0]!;
      const value = unescape(line.slice(colon + 1));
      if (current) current[name] = value;
      else if (name === 'METHOD') file.method = value;
    }
  }
  return file;
}
