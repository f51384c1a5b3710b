import { z } from 'zod';
import { fillTemplate, formatValue, placeholders } from '../template.ts';
import type { FactKind } from './fact-kind.ts';
import { literal, refOr } from './params.ts';

/** A template value's formats: rule-file.ts's VALUE_FORMATS (which imports the facts, so they are listed here). */
const TEMPLATE_FORMATS = ['text', 'minutes', 'time', 'date', 'dateTime', 'day'] as const;

export const template: FactKind = {
  name: 'template',
  description:
    'A text made from a template, as a rule message is: each {name} is filled from "values", each a value (a literal or a reference) and a format (text, minutes, time, date, dateTime, day). For records an effect writes, such as a History line naming people and times.',
  params: z
    .strictObject({
      message: z.string().min(1),
      values: z.record(z.string(), z.strictObject({ value: refOr(literal), format: z.enum(TEMPLATE_FORMATS).default('text') })).default({}),
    })
    .refine((p) => placeholders(p.message).every((name) => name in p.values), 'every {placeholder} needs a value'),
  shape: () => ({ type: 'string' }),
  compute: (p) => {
    const values: Record<string, string> = {};
    for (const [name, v] of Object.entries(p.values as Record<string, { value: unknown; format: (typeof TEMPLATE_FORMATS)[number] }>)) {
      values[name] = formatValue(v.value, v.format);
    }
    return fillTemplate(String(p.message), values);
  },
};
