import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
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
  return files.map((name) => join(dir, name));
}

/** A rule file, or the roles or parameters file (by its name), as the engine's loader takes it. */
export function readRuleSource(path: string): RuleSource {
  const shown = shownPath(path);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ShiftinatorError('RULES_INVALID', `is not valid JSON: ${(e as Error).message}`, shown);
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
