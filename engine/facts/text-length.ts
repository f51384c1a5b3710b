import { z } from 'zod';
import { NUMBER, type FactKind } from './fact-kind.ts';
import { refOr } from './params.ts';

export const textLength: FactKind = {
  name: 'textLength',
  description:
    'The number of characters of a text (0 for null): for limits on comments and messages. With trim, leading and trailing spaces do not count (a required text of only spaces is empty); with lettersAndDigits, only letters and digits count (initials and cell numbers are stripped to them).',
  params: z.strictObject({ text: refOr(z.string()), trim: z.boolean().default(false), lettersAndDigits: z.boolean().default(false) }),
  shape: () => NUMBER,
  // Characters as a person counts them (an emoji is one), not UTF-16 code units.
  compute: (p) => {
    if (typeof p.text !== 'string') return 0;
    const text = p.lettersAndDigits === true ? p.text.replace(/[^A-Za-z0-9]/g, '') : p.trim === true ? p.text.trim() : p.text;
    return [...text].length;
  },
};
