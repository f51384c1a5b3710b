import { DateTime } from 'luxon';
import { BUSINESS_ZONE, parseInstant, uniqueEasternWallClock } from '../../engine/index.ts';

/**
 * An instant (epoch milliseconds) as the spec's calls write times: Eastern wall-clock text
 * `YYYY-MM-DD HH:mm:ss.S`, the fraction of a second with its trailing zeros dropped but at least one
 * digit ("2025-10-15 08:00:00.0"). The one place the read calls format an instant.
 *
 * The second pass through the fall-back hour reads the same on the wall clock as the first, and
 * that text means the first (domain decisions); so those instants carry their offset instead
 * ("2025-11-02T01:30:00.0-05:00"), which `parseInstant` and the action calls read back exactly.
 */
export function formatApiInstant(ms: number): string {
  const wall = uniqueEasternWallClock(ms);
  if (wall === null) return formatWithLuxon(ms);
  const pad = (n: number): string => String(n).padStart(2, '0');
  const fraction = String(wall.getUTCMilliseconds()).padStart(3, '0').replace(/0+$/, '') || '0';
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}.${fraction}`;
}

/** The years outside the engine's fast range and the repeated hour's second pass. */
function formatWithLuxon(ms: number): string {
  const dt = DateTime.fromMillis(ms, { zone: BUSINESS_ZONE });
  const fraction = String(dt.millisecond).padStart(3, '0').replace(/0+$/, '') || '0';
  const wall = `${dt.toFormat('yyyy-MM-dd HH:mm:ss')}.${fraction}`;
  if (Math.round(parseInstant(wall) * 60_000) === ms) return wall;
  return `${dt.toFormat("yyyy-MM-dd'T'HH:mm:ss")}.${fraction}${dt.toFormat('ZZ')}`;
}

export function formatApiInstantOrNull(ms: number | null): string | null {
  return ms === null ? null : formatApiInstant(ms);
}

/** The spec's flags on agents are text: 'True' or 'False'. */
export function apiFlag(value: boolean): 'True' | 'False' {
  return value ? 'True' : 'False';
}
