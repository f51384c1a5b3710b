/** Half-open intervals [start, end) in epoch minutes. */
export interface Interval {
  start: number;
  end: number;
}

export function clip(iv: Interval, from: number, to: number): Interval | null {
  const start = Math.max(iv.start, from);
  const end = Math.min(iv.end, to);
  return start < end ? { start, end } : null;
}

/** `pieces` minus `cut`: what of the pieces lies outside the cut. */
export function subtract(pieces: Interval[], cut: Interval): Interval[] {
  const out: Interval[] = [];
  for (const p of pieces) {
    if (cut.end <= p.start || cut.start >= p.end) {
      out.push(p);
      continue;
    }
    if (cut.start > p.start) out.push({ start: p.start, end: cut.start });
    if (cut.end < p.end) out.push({ start: cut.end, end: p.end });
  }
  return out;
}

export function totalLength(pieces: Interval[]): number {
  let sum = 0;
  for (const p of pieces) sum += p.end - p.start;
  return sum;
}

/** Index of the first element whose key is >= value, in an array sorted by key. */
export function lowerBound<T>(sorted: readonly T[], value: number, key: (item: T) => number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(sorted[mid] as T) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
