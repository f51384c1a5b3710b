import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRulesDir } from '../cli/load-rules.ts';
import { liveCatalogue, storedCatalogue } from '../scripts/spec-catalogue.ts';

/**
 * Every message the spec quotes in its validation rules (section 5) and error catalogue (section 8)
 * is said by a rule file, word for word ({placeholders} and the spec's N stand for any value), so a
 * manager finds it in rules/ and the engine says it. The texts are read as the rule set loads them,
 * with the values of parameters.json put in. The few that are not a rule's say why below.
 */
const ROOT = join(import.meta.dirname, '..');

/** Spec messages that no rule decides, and where they live instead. */
const NOT_A_RULE: Record<string, string> = {
  'FAILURE: Error creating log entry.': 'the screen says it when the call itself fails (network or server), not a rule',
  'FAILURE: Offer failed.': 'the screen says it when the call itself fails (network or server), not a rule',
  'FAILURE: Error creating request.': 'the screen says it when the call itself fails (network or server), not a rule',
  'ERROR: Claiming shift FAILED.': 'the screen says it when the call itself fails (network or server), not a rule',
  'Claiming shift FAILED.': 'the same failure text without its prefix',
};

function ruleTexts(): string {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  const rules = loadRulesDir(join(ROOT, 'rules'));
  for (const file of rules.files) walk(file);
  walk(rules.roles);
  return out.join('\n');
}

function pattern(message: string): RegExp {
  const escaped = message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(escaped.replace(/\\\{[^}]*\\\}/g, '.*').replace(/\bN\b/g, '.*').replace(/\\\.\\\.\\\./g, '.*'));
}

describe("the spec's messages", () => {
  const texts = ruleTexts();
  const { messages } = storedCatalogue();
  const live = liveCatalogue();

  it.skipIf(live === null)('tests/spec-catalogue.json is what the spec documents say (npm run spec:catalogue)', () => {
    expect(storedCatalogue()).toEqual(live);
  });

  it('finds the messages in the spec', () => {
    expect(messages.length).toBeGreaterThan(150);
  });

  it.each(messages.map((m) => [m.doc, m.text]))('%s: %s', (_doc, text) => {
    if (text in NOT_A_RULE) return;
    expect(pattern(text).test(texts), `"${text}" appears in no rule file`).toBe(true);
  });

  it('says where each exception lives, and each exception is still a spec message', () => {
    const all = new Set(messages.map((m) => m.text));
    for (const text of Object.keys(NOT_A_RULE)) expect(all.has(text), text).toBe(true);
  });

  it('leaves no spec message written in the code that says it', () => {
    const sources = [join(ROOT, 'server', 'app.ts'), join(ROOT, 'web', 'src', 'screens', 'pending', 'offer-table.tsx'), join(ROOT, 'web', 'src', 'screens', 'login.tsx')];
    for (const file of sources) {
      const code = readFileSync(file, 'utf8');
      expect(code, file).not.toContain('Incorrect Initials, Cell, or Password');
      expect(code, file).not.toContain('Are you sure you want to accept this offer?');
    }
  });

  it("has the screen's accept prompt and the sign-in failure in rule files", () => {
    const rules = loadRulesDir(join(ROOT, 'rules'));
    expect(rules.action('acceptOffer').file.prompt).toBe('Are you sure you want to accept this offer?');
    expect(rules.action('acceptOfferHours').file.prompt).toBe('Are you sure you want to accept this offer?');
    expect(rules.action('login').file.rules.find((r) => r.id === 'login.credentialsMatch')?.message).toBe(
      'ERROR: Incorrect Initials, Cell, or Password. Please review and try again. Contact Supervision if further assistance needed.',
    );
  });
});
