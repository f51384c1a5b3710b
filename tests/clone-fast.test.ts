import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
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
    expect(engineRequire.resolve('clone')).toBe(join(ROOT, 'vendor', 'clone-fast', 'index.js'));
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
