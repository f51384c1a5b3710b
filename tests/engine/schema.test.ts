import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ruleFileJsonSchema } from '../../engine/rule-file.ts';

const RULES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'rules');

describe('the rule-file JSON Schema', () => {
  it('rules/rule-file.schema.json is the one the engine generates', () => {
    const onDisk: unknown = JSON.parse(readFileSync(join(RULES_DIR, 'rule-file.schema.json'), 'utf8'));
    expect(
      onDisk,
      'rules/rule-file.schema.json is out of date with engine/rule-file.ts: run `npm run schema` and commit the result',
    ).toEqual(ruleFileJsonSchema());
  });

  it('every rule file points editors at it', () => {
    // roles.json and parameters.json are not rule files: they name their own schemas (tests/engine/roles.test.ts, tests/engine/parameters.test.ts).
    const files = readdirSync(RULES_DIR).filter((n) => n.endsWith('.json') && !n.endsWith('.schema.json') && n !== 'roles.json' && n !== 'parameters.json');
    expect(files).toContain('acceptOffer.json');
    const missing = files.filter((name) => {
      const json = JSON.parse(readFileSync(join(RULES_DIR, name), 'utf8')) as { $schema?: unknown };
      return json.$schema !== './rule-file.schema.json';
    });
    expect(missing, 'these rule files need "$schema": "./rule-file.schema.json"').toEqual([]);
  });

  it('lets a rule file name a parameter wherever it wants a number', () => {
    const text = JSON.stringify(ruleFileJsonSchema());
    expect(text).toContain('"anyOf":[{"type":"number","exclusiveMinimum":0},{"$ref":"#/$defs/param"}]');
    expect(ruleFileJsonSchema()).toMatchObject({ $defs: { param: { required: ['param'], additionalProperties: false } } });
  });

  it('describes the fact kinds and outcomes rule authors may use', () => {
    const schema = JSON.stringify(ruleFileJsonSchema());
    for (const word of ['"workedMinutes"', '"minHeadCount"', '"confirm"', '"warning"', '"dateTime"']) expect(schema).toContain(word);
    expect(ruleFileJsonSchema()).toMatchObject({ title: 'Shiftinator rule file', $id: 'rule-file.schema.json' });
  });
});
