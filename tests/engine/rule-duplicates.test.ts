import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A check or fact written twice is a rule that can silently differ from its twin: what several
 * actions share is written once in a shared rule file (rules/shared*.json) and used by name. This
 * counts, over the action rule files as a manager edits them (before the library is expanded), the
 * rule bodies and fact definitions written more than once, across files and within one.
 */
const RULES_DIR = join(import.meta.dirname, '..', '..', 'rules');

type Json = Record<string, unknown>;

/** The action rule files: rules/*.json less the shared files, parameters, roles and schemas. */
function actionFiles(): { name: string; json: Json }[] {
  return readdirSync(RULES_DIR)
    .filter((n) => n.endsWith('.json') && !n.endsWith('.schema.json') && !/^(shared|parameters|roles)/.test(n))
    .sort()
    .map((name) => ({ name, json: JSON.parse(readFileSync(join(RULES_DIR, name), 'utf8')) as Json }));
}

/** Each written-out body (not a use by name), keyed by what it decides; ids and descriptions aside. */
function writtenTwice(): { rules: string[][]; facts: string[][] } {
  const rules = new Map<string, string[]>();
  const facts = new Map<string, string[]>();
  const add = (m: Map<string, string[]>, key: string, where: string): void => {
    m.set(key, [...(m.get(key) ?? []), where]);
  };
  for (const { name, json } of actionFiles()) {
    for (const r of (json.rules ?? []) as Json[]) {
      if (typeof r.check === 'string') continue;
      const { when, outcome = 'error', message, values = {}, conflict = false, forbidden = false } = r;
      add(rules, JSON.stringify({ when, outcome, message, values, conflict, forbidden }), String(r.id));
    }
    for (const [fact, def] of Object.entries((json.facts ?? {}) as Record<string, Json>)) {
      if (typeof def.use === 'string') continue;
      add(facts, JSON.stringify({ kind: def.kind, params: def.params }), `${name} ${fact}`);
    }
  }
  const twice = (m: Map<string, string[]>): string[][] => [...m.values()].filter((w) => w.length > 1);
  return { rules: twice(rules), facts: twice(facts) };
}

describe('the action rule files', () => {
  it('write no rule body and no fact definition twice, across files or within one', () => {
    expect(actionFiles().length).toBe(46);
    expect(writtenTwice()).toEqual({ rules: [], facts: [] });
  });
});
