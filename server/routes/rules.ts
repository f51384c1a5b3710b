import { diffRuleSources, changeLines } from '../../engine/rules-diff.ts';
import { namedValues, rulesListing, type NamedValue } from '../../engine/rules-listing.ts';
import type { ActionContext } from '../action-runner.ts';
import { formatApiInstant } from '../reads/api-time.ts';
import type { ReadContext } from '../reads/http.ts';
import { RulesOverview } from '../reads/shapes.ts';
import { recordedRuleSets } from '../rule-history.ts';
import { feature, readRoutes } from './feature.ts';
import { permissionsOf } from './shared.ts';

/** How many characters of a rule set's sha256 name it for people (as `rules history` prints it). */
const SHORT_VERSION = 12;

/** A value as the screen lists it: without its spec section, which only managers see. */
const shown = ({ name, value, unit, description }: NamedValue) => ({ name, value, unit, description });

/**
 * The Rules screen's read: the live set's checks (engine/rules-listing.ts, what `rules list`
 * prints), its version and when it went live, and every recorded set with its changes from the one
 * before in the words of `rules diff` (engine/rules-diff.ts), from the server's record of live sets
 * (server/rule-history.ts recordedRuleSets, the one function this reads history through).
 */
async function rulesOverview(c: ReadContext, ctx: ActionContext) {
  const values = namedValues(ctx.rules);
  const byName = new Map(values.map((v) => [v.name, v]));
  const sets = await recordedRuleSets(ctx.db.em());
  const live = sets.find((s) => s.hash === ctx.rulesHash) ?? null;
  const history = sets.map((set, i) => {
    const before = sets[i - 1];
    return { version: set.hash.slice(0, SHORT_VERSION), liveAt: formatApiInstant(set.liveAt.getTime()), changes: before ? diffRuleSources(before.files, set.files).flatMap(changeLines) : null };
  });
  const managers = (await permissionsOf(ctx.db.em(), ctx.rules, c.get('agentId')))?.ruleParameters === true;
  return {
    version: ctx.rulesHash.slice(0, SHORT_VERSION),
    liveAt: live ? formatApiInstant(live.liveAt.getTime()) : null,
    actions: rulesListing(ctx.rules).map((a) => ({
      action: a.action,
      description: a.description,
      checks: a.checks.map((r) => ({ ...r, uses: r.uses.flatMap((n) => (byName.has(n) ? [shown(byName.get(n) as NamedValue)] : [])) })),
    })),
    ...(managers ? { parameters: values } : {}),
    history: history.reverse(),
  };
}

const RULES_READS = readRoutes('rules', {
  rulesOverview: {
    path: '/api/rulesOverview',
    summary:
      "The rules in words, read-only: every action's checks in order with their messages and the named values they use, the live rule version and when it went live, and each change of the live set as `rules diff` words it; the parameters with their units and spec sections for rules/roles.json permission ruleParameters",
    answer: RulesOverview,
    one: true,
  },
});

export const rulesScreen = feature({ name: 'rules', reads: RULES_READS, handlers: { rulesOverview } });
