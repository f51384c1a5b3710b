import type { Decision, RuleSet } from '../engine/index.ts';
import type { ActionResult } from './action-runner.ts';

/** An action's answer from its decision: the HTTP status its outcome and deciding rule call for, and the text to show. */
export function result(rules: RuleSet, action: string, decision: Decision): ActionResult {
  if (decision.outcome === 'ok') return { decision, status: 200, message: decision.success ?? rules.action(action).file.success };
  const rule = rules.action(action).file.rules.find((r) => r.id === decision.rule);
  const status = decision.outcome !== 'error' ? 200 : rule?.forbidden ? 403 : rule?.conflict ? 409 : 422;
  return { decision, status, message: decision.message };
}
