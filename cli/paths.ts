import { isAbsolute, relative, resolve } from 'node:path';

/** A path as the user would type it: relative to the working folder when inside it, else absolute. */
export function shownPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : resolve(path);
}
