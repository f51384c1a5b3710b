import type { ValueFormat } from './rule-file.ts';
import { formatDayForDisplay, formatForDisplay } from './time.ts';

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;

export function placeholders(message: string): string[] {
  return [...message.matchAll(PLACEHOLDER)].map((m) => m[1] as string);
}

export function formatValue(value: unknown, format: ValueFormat): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    switch (format) {
      // A partial minute still has to be cut, so the excess rounds up.
      case 'minutes':
        return String(Math.ceil(value - 1e-9));
      case 'time':
      case 'date':
      case 'dateTime':
        return formatForDisplay(value, format);
      case 'day':
        return formatDayForDisplay(value);
      case 'text':
        return String(value);
    }
  }
  return String(value);
}

export function fillTemplate(message: string, values: Record<string, string>): string {
  return message.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}
