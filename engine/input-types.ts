import type { InputType } from './rule-file.ts';

/**
 * The input-type language of a rule file's `input` ("id", "instant?", ...): a base type, and a
 * trailing "?" for a field that may be left out (then null). Read here once for the engine, the
 * server's request schemas and the world-slice query.
 */

type InputBase = 'id' | 'instant' | 'number' | 'string' | 'boolean';

export interface InputField {
  base: InputBase;
  optional: boolean;
}

export function inputField(type: InputType): InputField {
  const optional = type.endsWith('?');
  return { base: (optional ? type.slice(0, -1) : type) as InputBase, optional };
}

const read = new WeakMap<object, readonly (readonly [string, InputField])[]>();

/** An action's declared input fields, read once per rule file: every request of the action checks its input by them. */
export function inputFields(decl: Readonly<Record<string, InputType>>): readonly (readonly [string, InputField])[] {
  let fields = read.get(decl);
  if (!fields) read.set(decl, (fields = Object.entries(decl).map(([name, type]) => [name, inputField(type)] as const)));
  return fields;
}
