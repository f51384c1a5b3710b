import type { Need } from '../engine/index.ts';

/**
 * A decision of the server's log, as the commands that read the log see it: data only, apart from
 * the reader (cli/decision-log.ts), which brings the server's database code with it.
 */

/** One row of the server's decision log (server/action-runner.ts logDecision), as read back. */
export interface LoggedDecision {
  id: number;
  /** Epoch minutes: the clock the decision was made at. */
  decidedAt: number;
  actor: number;
  action: string;
  input: Record<string, unknown>;
  /** The slice as logged: scenario-format text, fields at their default left out. */
  world: Record<string, unknown>;
  /** The queries the slice answers in full; null in rows logged before they were recorded. */
  needs: Need[] | null;
  outcome: string;
  message: string | null;
  rule: string | null;
  warnings: string[];
  rulesHash: string;
}

/** A logged decision as read, its JSON columns still text (parseLogged parses them). */
export interface LoggedRow {
  id: number;
  decidedAt: number;
  actor: number;
  action: string;
  input: string;
  world: string;
  needs: string | null;
  outcome: string;
  message: string | null;
  rule: string | null;
  warnings: string;
  rulesHash: string;
}

export function parseLogged(row: LoggedRow): LoggedDecision {
  return {
    ...row,
    input: JSON.parse(row.input) as Record<string, unknown>,
    world: JSON.parse(row.world) as Record<string, unknown>,
    needs: row.needs === null ? null : (JSON.parse(row.needs) as Need[]),
    warnings: JSON.parse(row.warnings) as string[],
  };
}
