import { DateTime } from 'luxon';
import { BUSINESS_ZONE } from '../../engine/index.ts';

/**
 * An iCalendar document (RFC 5545) of a person's shifts, for a calendar app to subscribe to.
 * Times are written in the business zone with its VTIMEZONE, so a phone in any zone shows the
 * right hour on daylight-saving days; an instant in the hour the clocks repeat, which Eastern
 * wall-clock text names ambiguously, is written in UTC instead.
 */

export interface FeedEvent {
  /** Unique and stable for the record across feeds (a shift id with a kind). */
  uid: string;
  /** Epoch milliseconds. */
  start: number;
  end: number;
  summary: string;
  description?: string;
}

/** America/New_York's rules since 2007, which calendar apps need to place TZID times. */
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${BUSINESS_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:20070311T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:20071104T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let rest = line;
  let limit = 75;
  while (Buffer.byteLength(rest, 'utf8') > limit) {
    // Cut at a character boundary within `limit` octets.
    let cut = 0;
    let size = 0;
    for (const ch of rest) {
      const n = Buffer.byteLength(ch, 'utf8');
      if (size + n > limit) break;
      size += n;
      cut += ch.length;
    }
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
    limit = 74;
  }
  parts.push(rest);
  return parts.join('\r\n ');
}

const HOUR_MS = 3_600_000;

const utcText = (ms: number): string => DateTime.fromMillis(ms, { zone: 'UTC' }).toFormat("yyyyMMdd'T'HHmmss'Z'");

/**
 * A date-time property: local Eastern time with TZID, or UTC for a time of the repeated hour the
 * night the clocks fall back. RFC 5545 reads such local text as the first pass, which not every
 * calendar app does; UTC names either pass the same everywhere.
 */
function dateTime(name: string, ms: number): string {
  const wallOf = (t: number): string => DateTime.fromMillis(t, { zone: BUSINESS_ZONE }).toFormat("yyyyMMdd'T'HHmmss");
  const wall = wallOf(ms);
  const repeated = wallOf(ms - HOUR_MS) === wall || wallOf(ms + HOUR_MS) === wall;
  return repeated ? `${name}:${utcText(ms)}` : `${name};TZID=${BUSINESS_ZONE}:${wall}`;
}

/** The whole document, CRLF line ends; `stamp` (epoch ms) is DTSTAMP, when the feed was made. */
export function icsDocument(name: string, events: readonly FeedEvent[], stamp: number): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Shiftinator//Shift calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    `X-WR-TIMEZONE:${BUSINESS_ZONE}`,
    ...VTIMEZONE,
  ];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${utcText(stamp)}`,
      dateTime('DTSTART', e.start),
      dateTime('DTEND', e.end),
      `SUMMARY:${escapeText(e.summary)}`,
      ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
