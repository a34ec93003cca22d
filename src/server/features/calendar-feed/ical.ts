// iCalendar text (RFC 5545) for the calendar feed (decision 047): TEXT values escaped, lines
// folded at 75 octets without splitting a character, CRLF line endings.

/** A TEXT value: backslash, semicolon and comma escaped, every line break as `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const MAX_OCTETS = 75;

/**
 * One content line folded: no line longer than 75 octets (the CRLF not counted), each
 * continuation starting with a space, and never within a UTF-8 character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > MAX_OCTETS) {
      parts.push(current);
      current = ` ${char}`;
      octets = 1 + size;
    } else {
      current += char;
      octets += size;
    }
  }
  parts.push(current);
  return parts.join('\r\n');
}

/** 20260302T081500Z */
export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** '2026-03-02' → 20260302 */
export const dateValue = (date: string) => date.replace(/-/g, '');

export type Property = [name: string, value: string];

export interface CalendarEvent {
  uid: string;
  stamp: Date;
  /** A timed event (instants), or an all-day one (its first and the day after its last). */
  when: { start: Date; end: Date } | { day: string; nextDay: string };
  summary: string;
  description?: string;
  transparent?: boolean;
}

function eventLines(event: CalendarEvent): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${event.uid}`, `DTSTAMP:${utcStamp(event.stamp)}`];
  if ('start' in event.when) {
    lines.push(`DTSTART:${utcStamp(event.when.start)}`, `DTEND:${utcStamp(event.when.end)}`);
  } else {
    lines.push(
      `DTSTART;VALUE=DATE:${dateValue(event.when.day)}`,
      `DTEND;VALUE=DATE:${dateValue(event.when.nextDay)}`,
    );
  }
  lines.push(`SUMMARY:${escapeText(event.summary)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.transparent) lines.push('TRANSP:TRANSPARENT');
  lines.push('END:VEVENT');
  return lines;
}

export function calendarText(
  calendar: { name: string; timeZone: string },
  events: CalendarEvent[],
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Hourbook//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `X-WR-TIMEZONE:${calendar.timeZone}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
