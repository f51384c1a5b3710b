import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRulesDir } from '../cli/load-rules.ts';

const ROOT = join(import.meta.dirname, '..');
/**
 * The json-rules-engine version vendor/clone-fast was last checked against: that it calls clone
 * only on what the fast copy handles (condition trees: plain objects, arrays, its Condition
 * instances). json-rules-engine no longer decides (engine/evaluator.ts does): it is the reference
 * the evaluator is tested against, and the engine bench's bare run, both on this clone.
 */
const CHECKED_WITH_JSON_RULES_ENGINE = '7.3.1';
const engineRequire = createRequire(createRequire(import.meta.url).resolve('json-rules-engine'));
type Clone = (value: unknown, circular?: boolean, depth?: number) => unknown;
const clone = engineRequire('clone') as Clone;

class Condition {
  fact = 'offer';
  value: unknown = { fact: 'now' };
  isBooleanOperator(): boolean {
    return false;
  }
}

describe('the clone json-rules-engine copies conditions with', () => {
  it('is the project\'s vendor/clone-fast (npm overrides), not the general-purpose package', () => {
    // The path as resolved: node_modules may be a link to another checkout's.
    expect(engineRequire.resolve('clone')).toMatch(/(^|\/)vendor\/clone-fast\/index\.js$/);
  });

  it(`is checked against this json-rules-engine: ${CHECKED_WITH_JSON_RULES_ENGINE}`, () => {
    const installed = (JSON.parse(readFileSync(engineRequire.resolve('json-rules-engine/package.json'), 'utf8')) as { version: string }).version;
    expect(
      installed,
      `json-rules-engine is now ${installed}: re-check the clone override (package.json "overrides", vendor/clone-fast) against how this version ` +
        'calls clone, run this file, then set CHECKED_WITH_JSON_RULES_ENGINE in tests/clone-fast.test.ts',
    ).toBe(CHECKED_WITH_JSON_RULES_ENGINE);
  });

  it('is json-rules-engine\'s alone: the override is scoped to it, so other packages get the real clone', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { overrides: Record<string, unknown> };
    expect(pkg.overrides['json-rules-engine']).toEqual({ clone: '$clone' });
    // No override of clone outside json-rules-engine's own entry.
    expect(pkg.overrides.clone).toBeUndefined();
    for (const [name, entry] of Object.entries(pkg.overrides)) if (name !== 'json-rules-engine') expect(entry, name).not.toHaveProperty('clone');
  });

  it('copies deeply and keeps prototypes, so a cloned condition still has its methods', () => {
    const original = { all: [new Condition(), new Condition()], priority: 1 };
    const copy = clone(original) as typeof original;
    expect(copy).not.toBe(original);
    expect(copy.all[0]).not.toBe(original.all[0]);
    expect(copy.all[0]).toBeInstanceOf(Condition);
    expect(copy.all[0]?.isBooleanOperator()).toBe(false);
    expect(copy.all[1]?.value).toEqual({ fact: 'now' });
    expect(copy.all[1]?.value).not.toBe(original.all[1]?.value);
    (copy.all[0] as unknown as { result: boolean }).result = true;
    expect('result' in (original.all[0] as object)).toBe(false);
  });

  it('keeps dates, regular expressions, maps, sets, primitives and null', () => {
    const when = new Date(Date.UTC(2025, 10, 2, 6, 30));
    const copy = clone({ when, re: /a+b/gi, map: new Map([['k', { n: 1 }]]), set: new Set([1, 2]), n: null, s: 'x', b: false }) as {
      when: Date; re: RegExp; map: Map<string, { n: number }>; set: Set<number>; n: null; s: string; b: boolean;
    };
    expect(copy.when).not.toBe(when);
    expect(copy.when.getTime()).toBe(when.getTime());
    expect(copy.re.source).toBe('a+b');
    expect(copy.re.flags).toBe('gi');
    expect(copy.map.get('k')).toEqual({ n: 1 });
    expect([...copy.set]).toEqual([1, 2]);
    expect([copy.n, copy.s, copy.b]).toEqual([null, 'x', false]);
    expect(clone(42)).toBe(42);
    expect(clone(null)).toBeNull();
  });

  it('keeps circular references circular, and honours a depth limit', () => {
    const a: { self?: unknown; list: unknown[] } = { list: [] };
    a.self = a;
    a.list.push(a);
    const copy = clone(a) as typeof a;
    expect(copy.self).toBe(copy);
    expect(copy.list[0]).toBe(copy);
    const inner = { deep: { deeper: {} } };
    const shallow = clone({ inner }, true, 1) as { inner: unknown };
    expect(shallow.inner).toBe(inner);
  });
});

describe('the fast clone against the real one', () => {
  it('copies every condition tree of rules/ as the real clone does: equal, and nothing shared', () => {
    const real = createRequire(import.meta.url)('clone-upstream') as Clone;
    // Every action's checks as loaded (the rule library's included), as json-rules-engine gets them.
    const trees = loadRulesDir().files.flatMap((file) => file.rules.map((rule) => rule.when as unknown));
    expect(trees.length).toBeGreaterThan(200);
    for (const tree of trees) {
      const fast = clone(tree);
      expect(fast).toEqual(real(tree));
      expect(fast).not.toBe(tree);
      expect(JSON.stringify(fast)).toBe(JSON.stringify(tree));
    }
  });
});
