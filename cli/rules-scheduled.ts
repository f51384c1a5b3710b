import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ShiftinatorError } from '../engine/index.ts';
import { inForceAt, ruleSwitches, storedRuleSets } from '../server/rule-history.ts';
import { openLog } from './decision-log.ts';
import { shortVersion } from './rule-version.ts';
import { easternText, writeRuleFolder } from './rules-history.ts';

/** The rule sets `dry-run --scheduled` compares, written out as folders, and how to remove them. */
export interface ScheduledDirs {
  current: string;
  candidate: string;
  /** For the report: which sets these are. */
  note: string;
  remove: () => void;
}

/**
 * The set in force now and the next scheduled set, from the server's database (as `rules
 * history` reads it), each written to a folder the dry-run loads as it loads any rules folder.
 */
export async function scheduledRuleDirs(data: string | undefined): Promise<ScheduledDirs | null> {
  const log = await openLog(data);
  if (!log) return null;
  const parent = mkdtempSync(join(tmpdir(), 'shiftinator-scheduled-'));
  const remove = (): void => rmSync(parent, { recursive: true, force: true });
  try {
    const switches = await ruleSwitches(log.db);
    const now = new Date();
    const next = switches.filter((s) => s.how === 'schedule' && !s.cancelledAt && s.liveAt > now)[0];
    const current = inForceAt(switches, now);
    if (!next || !current) throw new ShiftinatorError('INPUT_INVALID', next ? 'no rule set is live yet to compare the scheduled one with' : `no rule set is scheduled in ${log.description} (\`rules publish --at\` schedules one)`, '--scheduled');
    const dirs = { current: join(parent, `in-force-${shortVersion(current.hash)}`), candidate: join(parent, `scheduled-${shortVersion(next.hash)}`) };
    for (const [dir, hash] of [[dirs.current, current.hash], [dirs.candidate, next.hash]] as const) {
      const stored = (await storedRuleSets(log.db, hash))[0];
      if (stored) writeRuleFolder(dir, stored.files);
    }
    return { ...dirs, note: `the set in force (${shortVersion(current.hash)}) against the one scheduled for ${easternText(next.liveAt)} (${shortVersion(next.hash)})`, remove };
  } catch (e) {
    remove();
    throw e;
  } finally {
    await log.close();
  }
}
