import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRuleSet, ShiftinatorError, type RuleSet, type RuleSource } from '../engine/index.ts';
import { shownPath } from './paths.ts';

/** The project's own rules/ folder, wherever the command is run from. */
export const DEFAULT_RULES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'rules');

/** The permissions by agent type (engine/roles.ts): beside the rule files, not an action. */
const ROLES_FILE = 'roles.json';

/** The business values rule files name (engine/parameters.ts): beside the rule files, not an action. */
const PARAMETERS_FILE = 'parameters.json';

/**
 * Rule files are the *.json files of a folder, less JSON Schemas, roles.json and parameters.json
 * (read as roles and parameters, see readRuleSource). Fails when there are none.
 */
export function ruleFilePaths(dir: string): string[] {
  let names: string[];
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a folder');
    names = readdirSync(dir);
  } catch {
    throw new ShiftinatorError('RULES_INVALID', 'is not a readable folder of rule files', dir);
  }
  const files = names.filter((n) => n.endsWith('.json') && !n.endsWith('.schema.json')).sort();
  if (files.every((n) => n === ROLES_FILE || n === PARAMETERS_FILE)) throw new ShiftinatorError('RULES_INVALID', 'holds no rule files (*.json)', dir);
  const paths = files.map((name) => join(dir, name));
  for (const path of paths) assertInside(dir, path);
  return paths;
}

/**
 * A rule file is a plain file of the folder. A symlink that leads out of it is refused: the
 * watch sees edits of the folder, so a target elsewhere would change unseen (a deploy swaps the
 * folder itself by a link instead, docs/rules.md). A link within the folder is followed.
 */
function assertInside(dir: string, path: string): void {
  const shown = shownPath(path);
  let target: string;
  try {
    target = lstatSync(path).isSymbolicLink() ? realpathSync(path) : path;
  } catch {
    throw new ShiftinatorError('RULES_INVALID', 'is a link to a file that does not exist', shown);
  }
  if (target !== path) {
    const within = relative(realpathSync(dir), target);
    if (within === '' || within.startsWith(`..${sep}`) || within === '..' || resolve(within) === within) {
      throw new ShiftinatorError('RULES_INVALID', 'is a link to a file outside the rules folder: links that leave the folder are refused (copy the file in)', shown);
    }
  }
  if (!statSync(target).isFile()) throw new ShiftinatorError('RULES_INVALID', 'is not a plain file', shown);
}

/**
 * What is wrong with a file that is not JSON, without its content: V8's message quotes the
 * start of the text it could not parse ("Unexpected token 'r', "root:x:0:0:"... is not valid
 * JSON"), and the file may not be a rule file at all. Where the problem is stays.
 */
function jsonProblem(message: string): string {
  if (message.includes(' is not valid JSON')) return 'it does not read as JSON (an unexpected character)';
  return message.replace(/'[^']*'/g, (quoted) => (/^'[[\]{}:,]'$/.test(quoted) ? quoted : 'a character'));
}

/** A rule file, or the roles or parameters file (by its name), as the engine's loader takes it. */
export function readRuleSource(path: string): RuleSource {
  const shown = shownPath(path);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new ShiftinatorError('RULES_INVALID', code ? `cannot be read (${code})` : `is not valid JSON: ${jsonProblem((e as Error).message)}`, shown);
  }
  const name = basename(path);
  if (name === ROLES_FILE) return { file: shown, json, kind: 'roles' };
  if (name === PARAMETERS_FILE) return { file: shown, json, kind: 'parameters' };
  return { file: shown, json };
}

export function readRuleSources(dir: string): RuleSource[] {
  return ruleFilePaths(dir).map(readRuleSource);
}

export function loadRulesDir(dir: string = DEFAULT_RULES_DIR): RuleSet {
  return loadRuleSet(readRuleSources(dir));
}
