

export function num(v: unknown): number | null {
  return typeof v === 'number' ? v : null;
}

export type Span = { start: number; end: number };
