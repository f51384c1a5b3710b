import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the tests take from the spec documents (../shared/spec): the messages of sections 5 and 8,
 * and the calls of section 7. They are kept in tests/spec-catalogue.json, so the tests run where
 * the spec folder is not beside the project (a CI clone); where it is, a test checks the catalogue
 * is still what the documents say (`npm run spec:catalogue` rewrites it).
 */
export const SPEC_DIR = join(import.meta.dirname, '..', '..', 'shared', 'spec');
export const CATALOGUE_FILE = join(import.meta.dirname, '..', 'tests', 'spec-catalogue.json');

export interface SpecCatalogue {
  messages: { doc: string; text: string }[];
  calls: { method: string; name: string }[];
}

function documents(): { doc: string; body: string }[] {
  return readdirSync(SPEC_DIR)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((doc) => ({ doc, body: readFileSync(join(SPEC_DIR, doc), 'utf8') }));
}

/** The quoted messages of sections 5 and 8, and the unquoted lines of spec 2's catalogue. */
function specMessages(): SpecCatalogue['messages'] {
  const out: SpecCatalogue['messages'] = [];
  for (const { doc, body } of documents()) {
    const sections = [...body.matchAll(/^## (5|8)\..*?(?=^## \d)/gms)].map((m) => m[0]).join('\n');
    for (const m of sections.matchAll(/(?<![A-Za-z])'([A-Z[{(*][^\n]*?[.!?\]})])'(?![A-Za-z])/g)) out.push({ doc, text: m[1] as string });
    // Spec 2 lists its catalogue as bullets, alternatives split by " / ".
    const catalogue = /^## 8\..*?(?=^## 9)/ms.exec(body)?.[0] ?? '';
    if (doc.startsWith('2-')) {
      for (const line of catalogue.split('\n')) {
        if (!line.startsWith('- ') || line.includes("'")) continue;
        for (const part of line.slice(2).split(/ \/ |; /)) {
          const text = part.replace(/\s*\((warning only|short form: .*)\)\.?$/, '').trim();
          if (/^[A-Z].*[.!?\]]$/.test(text) && !text.startsWith('The counter offer for hours')) out.push({ doc, text });
        }
      }
    }
  }
  return out;
}

/** Section 7's calls: a method applies to the paths after it on its line, or follows a path as "(PUT)". */
function specCalls(): SpecCatalogue['calls'] {
  const out = new Map<string, { method: string; name: string }>();
  for (const { body } of documents()) {
    const section = /^## 7\..*?(?=^## 8)/ms.exec(body)?.[0] ?? '';
    for (const line of section.split('\n')) {
      let method = 'GET';
      for (const m of line.matchAll(/(?:\b(GET|POST|PUT)\s+)?(?:\/api)?\/([A-Za-z{][A-Za-z0-9]*\}?)/g)) {
        if (m[1]) method = m[1];
        const name = m[2] as string;
        const previous = line.slice(0, m.index).trimEnd();
        // A path segment after another one (/{agentId}) is a parameter of the call before it.
        if (name.startsWith('{') && name !== '{hash}') continue;
        if (/[}\w]$/.test(previous) && !/\b(GET|POST|PUT)$/.test(previous)) continue;
        const after = /^[^\s,;]*\s*\((GET|POST|PUT)\)/.exec(line.slice((m.index ?? 0) + m[0].length))?.[1];
        const verb = after ?? method;
        out.set(`${verb} ${name}`, { method: verb, name });
      }
    }
  }
  return [...out.values()].sort((a, b) => `${a.method} ${a.name}`.localeCompare(`${b.method} ${b.name}`));
}

/** The catalogue as the documents say it now, or null when they are not beside the project. */
export function liveCatalogue(): SpecCatalogue | null {
  return existsSync(SPEC_DIR) ? { messages: specMessages(), calls: specCalls() } : null;
}

export function storedCatalogue(): SpecCatalogue {
  return JSON.parse(readFileSync(CATALOGUE_FILE, 'utf8')) as SpecCatalogue;
}

export function writeCatalogue(): void {
  const live = liveCatalogue();
  if (!live) throw new Error(`no spec documents at ${SPEC_DIR}`);
  writeFileSync(CATALOGUE_FILE, `${JSON.stringify(live, null, 2)}\n`);
}
