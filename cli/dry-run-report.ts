import type { RuleSet } from '../engine/index.ts';
import { logFilterWords } from './decision-log.ts';
import { sameAnswer, type Answer } from './dry-run-replay.ts';
import { rulesJson, rulesLine, shortVersion, type VersionedRules } from './rule-version.ts';
import { Spool } from './spool.ts';

/** Which decision: a scenario file, or a logged decision (`#id`) with its time. */
export interface Where {
  where: string;
  decidedAt?: string;
  action: string;
  actor: number | null;
}

export interface Change extends Where {
  before: Answer;
  after: Answer;
}

export interface Drift extends Where {
  logged: Answer;
  current: Answer;
  /** The version of the rules that logged it. */
  loggedVersion: string;
}

export interface NotReplayable extends Where {
  /** The rule sets whose decision needs what the slice does not hold. */
  rules: ('current' | 'candidate')[];
  /** The facts asked for that the log did not record, in words. */
  missing: string[];
  /** The current rules' answer, when only the candidate could not be replayed: what it would change from. */
  current?: Answer;
}

export interface Invalid {
  where: string;
  error: string;
}

export type Source =
  | { kind: 'scenarios'; paths: string[] }
  | { kind: 'log'; database: string; since?: string; until?: string; actions?: string[] };

interface ActionCount {
  decisions: number;
  changed: number;
  drifted: number;
  notReplayable: number;
}

interface RuleCount {
  action: string;
  current: number;
  candidate: number;
  changed: number;
}

/** The label a decision is counted under: its rule, or what the action did without one. */
function ruleLabel(action: string, a: Answer): string {
  return a.rule ?? `${action}: ${a.outcome === 'ok' ? 'allowed' : a.outcome === 'invalid' ? 'not decided' : a.outcome}`;
}

/**
 * The dry-run's findings as they come: counts in memory, the listed decisions spooled (a log may
 * change in every decision), then written as a table, JSON or a page.
 */
export class DryRunReport {
  readonly source: Source;
  readonly current: VersionedRules;
  readonly candidate: VersionedRules;
  readonly changes = new Spool<Change>();
  readonly drift = new Spool<Drift>();
  readonly notReplayable = new Spool<NotReplayable>();
  readonly invalid = new Spool<Invalid>();
  decisions = 0;
  private readonly perAction = new Map<string, ActionCount>();
  private readonly perRule = new Map<string, RuleCount>();
  /** Rule ids in rule-file order, the current set's first: the order a manager reads the files in. */
  private readonly ruleOrder = new Map<string, number>();

  constructor(source: Source, current: VersionedRules, candidate: VersionedRules) {
    this.source = source;
    this.current = current;
    this.candidate = candidate;
    for (const set of [current.rules, candidate.rules] as RuleSet[]) {
      for (const file of set.files) for (const r of file.rules) if (!this.ruleOrder.has(r.id)) this.ruleOrder.set(r.id, this.ruleOrder.size);
    }
  }

  private action(action: string): ActionCount {
    let count = this.perAction.get(action);
    if (!count) this.perAction.set(action, (count = { decisions: 0, changed: 0, drifted: 0, notReplayable: 0 }));
    return count;
  }

  private rule(action: string, answer: Answer): RuleCount {
    const label = ruleLabel(action, answer);
    let count = this.perRule.get(label);
    if (!count) this.perRule.set(label, (count = { action, current: 0, candidate: 0, changed: 0 }));
    return count;
  }

  /** A decision counted, whatever became of it. */
  decided(action: string): void {
    this.decisions++;
    this.action(action).decisions++;
  }

  /** Both rule sets answered: counted per rule, listed when the answers differ. */
  compared(where: Where, before: Answer, after: Answer): void {
    this.rule(where.action, before).current++;
    this.rule(where.action, after).candidate++;
    if (sameAnswer(before, after)) return;
    this.changes.add({ ...where, before, after });
    this.action(where.action).changed++;
    this.rule(where.action, before).changed++;
    if (ruleLabel(where.action, before) !== ruleLabel(where.action, after)) this.rule(where.action, after).changed++;
  }

  /** The current rules answered, the candidate could not be replayed: counted on the current side only. */
  currentOnly(where: Where, answer: Answer): void {
    this.rule(where.action, answer).current++;
  }

  drifted(entry: Drift): void {
    this.drift.add(entry);
    this.action(entry.action).drifted++;
  }

  unreplayable(entry: NotReplayable): void {
    this.notReplayable.add(entry);
    this.action(entry.action).notReplayable++;
  }

  invalidInput(entry: Invalid): void {
    this.invalid.add(entry);
  }

  dispose(): void {
    for (const spool of [this.changes, this.drift, this.notReplayable, this.invalid]) spool.dispose();
  }

  get isLog(): boolean {
    return this.source.kind === 'log';
  }

  /** 2 when some input was not valid; with --fail-on-change, 1 when a decision changed or could not be replayed. */
  exitCode(failOnChange: boolean): number {
    if (this.invalid.size > 0) return 2;
    return failOnChange && (this.changes.size > 0 || this.notReplayable.size > 0) ? 1 : 0;
  }

  counts(): Record<string, number> {
    const out: Record<string, number> = { decisions: this.decisions, changed: this.changes.size };
    if (this.isLog) {
      out.drifted = this.drift.size;
      out.notReplayable = this.notReplayable.size;
    }
    out.invalid = this.invalid.size;
    return out;
  }

  actionRows(): ({ action: string } & ActionCount)[] {
    return [...this.perAction].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([action, c]) => ({ action, ...c }));
  }

  ruleRows(): ({ rule: string } & RuleCount)[] {
    const order = (label: string): number => this.ruleOrder.get(label) ?? Number.MAX_SAFE_INTEGER;
    return [...this.perRule]
      .sort(([a, x], [b, y]) => (x.action < y.action ? -1 : x.action > y.action ? 1 : order(a) - order(b) || (a < b ? -1 : a > b ? 1 : 0)))
      .map(([rule, c]) => ({ rule, ...c }));
  }

  /** The last line of the table, for people and CI alike. */
  summaryLine(): string {
    const parts = [`${this.decisions} decision${this.decisions === 1 ? '' : 's'}`, `${this.changes.size} changed`];
    if (this.isLog) parts.push(`${this.drift.size} drifted`, `${this.notReplayable.size} not replayable`);
    if (this.invalid.size) parts.push(`${this.invalid.size} ${this.isLog ? 'not valid' : `not valid scenario${this.invalid.size === 1 ? '' : 's'}`}`);
    return parts.join(', ');
  }

  sourceLine(): string {
    const s = this.source;
    if (s.kind === 'scenarios') return `scenarios: ${s.paths.join(', ')}`;
    return `decision log: ${s.database}${logFilterWords({ since: s.since, until: s.until, action: s.actions })}`;
  }
}

/** Writes text somewhere, waiting when the reader is slower than the report. */
export type Output = (text: string) => Promise<void>;

export function streamOutput(stream: NodeJS.WritableStream): Output {
  return (text) => (stream.write(text) ? Promise.resolve() : new Promise((resolve) => stream.once('drain', () => resolve())));
}

function answerLine(a: Answer): string {
  if (a.outcome === 'invalid') return `not decided: ${a.message ?? ''}`;
  const head = a.outcome === 'ok' ? 'ok' : `${a.outcome} (${a.rule ?? 'no rule'})`;
  const warnings = a.warnings.length ? ` [warnings: ${a.warnings.join(' | ')}]` : '';
  return `${head}${a.message !== undefined ? `: ${a.message}` : ''}${warnings}`;
}

function whereText(w: Where): string {
  return [w.where, w.decidedAt, w.action, w.actor === null ? '' : `actor ${w.actor}`].filter(Boolean).join('  ');
}

function table(header: string[], rows: (string | number)[][], numeric: (i: number) => boolean): string[] {
  const cells = rows.map((r) => r.map(String));
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]): string =>
    c.map((v, i) => (numeric(i) ? v.padStart(widths[i] ?? 0) : v.padEnd(widths[i] ?? 0))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)];
}

/** The table a person reads: every listed decision, the counts per action and per rule, the summary last. */
export async function writeText(report: DryRunReport, out: Output): Promise<void> {
  await out(
    [
      `dry-run of ${report.sourceLine()}`,
      `current ${rulesLine(report.current)}`,
      `candidate ${rulesLine(report.candidate)}`,
      '',
    ].join('\n') + '\n',
  );
  const section = async <T>(title: string, spool: Spool<T>, lines: (item: T) => string[]): Promise<void> => {
    if (!spool.size) return;
    await out(`${title} (${spool.size}):\n`);
    for await (const item of spool.items()) await out(lines(item).join('\n') + '\n');
    await out('\n');
  };
  await section('Changed decisions', report.changes, (c) => [`CHANGED  ${whereText(c)}`, `  before: ${answerLine(c.before)}`, `  after:  ${answerLine(c.after)}`]);
  await section('Drift: the current rules no longer give the logged answer', report.drift, (d) => [
    `DRIFT    ${whereText(d)}`,
    `  logged (rules version ${shortVersion(d.loggedVersion)}): ${answerLine(d.logged)}`,
    `  current:  ${answerLine(d.current)}`,
  ]);
  await section('Not replayable: the rules ask for what the log did not record', report.notReplayable, (n) => [
    `NOT REPLAYABLE  ${whereText(n)}`,
    ...(n.current ? [`  current:  ${answerLine(n.current)}`] : []),
    `  ${n.rules.join(' and ')} rules need: ${n.missing.join('; ')}`,
  ]);
  await section(report.isLog ? 'Not valid' : 'Not valid scenarios', report.invalid, (i) => [`INVALID  ${i.where}`, `  ${i.error}`]);
  const log = report.isLog;
  const actions = report.actionRows();
  if (actions.length) {
    const header = ['action', 'decisions', 'changed', ...(log ? ['drifted', 'not replayable'] : [])];
    const rows = actions.map((a) => [a.action, a.decisions, a.changed, ...(log ? [a.drifted, a.notReplayable] : [])]);
    await out(['Per action:', ...table(header, rows, (i) => i > 0), ''].join('\n') + '\n');
  }
  // Every rule that decided would be hundreds of lines: the table shows the rules a change touches.
  const rules = report.ruleRows();
  const touched = rules.filter((r) => r.changed > 0);
  if (touched.length) {
    const rows = touched.map((r) => [r.rule, r.current, r.candidate, r.changed]);
    const rest = rules.length - touched.length;
    await out(
      [
        'Decisions per rule, for the rules a change touches:',
        ...table(['rule', 'current', 'candidate', 'changed'], rows, (i) => i > 0),
        ...(rest ? [`(${rest} other rule${rest === 1 ? '' : 's'} decided the same decisions under both: --json or --html lists every rule)`] : []),
        '',
      ].join('\n') + '\n',
    );
  }
  await out(report.summaryLine() + '\n');
}

/** One JSON document, its lists streamed one entry per line. */
export async function writeJson(report: DryRunReport, out: Output): Promise<void> {
  const head = {
    current: rulesJson(report.current),
    candidate: rulesJson(report.candidate),
    source: report.source,
    counts: report.counts(),
    perAction: report.actionRows(),
    perRule: report.ruleRows(),
  };
  await out(JSON.stringify(head, null, 2).replace(/\n}$/, ''));
  const list = async <T>(name: string, spool: Spool<T>): Promise<void> => {
    await out(`,\n  ${JSON.stringify(name)}: [`);
    let first = true;
    for await (const item of spool.items()) {
      await out(`${first ? '' : ','}\n    ${JSON.stringify(item)}`);
      first = false;
    }
    await out(first ? ']' : '\n  ]');
  };
  await list('changes', report.changes);
  await list('drift', report.drift);
  await list('notReplayable', report.notReplayable);
  await list('invalid', report.invalid);
  await out('\n}\n');
}

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function answerHtml(a: Answer): string {
  const outcome = `<span class="o ${a.outcome}">${esc(a.outcome === 'invalid' ? 'not decided' : a.outcome)}</span>`;
  const rule = a.rule ? ` <code>${esc(a.rule)}</code>` : '';
  const message = a.message !== undefined ? `<div>${esc(a.message)}</div>` : '';
  const warnings = a.warnings.map((w) => `<div class="w">warning: ${esc(w)}</div>`).join('');
  return `${outcome}${rule}${message}${warnings}`;
}

function whereHtml(w: Where): string {
  return `<td>${esc(w.where)}${w.decidedAt ? `<br><small>${esc(w.decidedAt)}</small>` : ''}</td><td>${esc(w.action)}</td><td>${w.actor ?? ''}</td>`;
}

const STYLE = `
body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:2em}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:4px 6px;text-align:left;vertical-align:top}
th{background:#f4f4f4}.n{text-align:right;font-variant-numeric:tabular-nums}
code{font-size:12px;color:#555}.w{color:#8a6d00}small{color:#666}
.o{font-weight:600}.o.ok{color:#1a7f37}.o.error{color:#c62828}.o.confirm{color:#8a6d00}.o.invalid{color:#555}
.counts span{display:inline-block;margin-right:1.5em}.counts b{font-size:1.3em}
.chart td{border:0;padding:1px 6px}.chart .bar{height:9px;margin:1px 0}.bar.cur{background:#7a8ea8}.bar.cand{background:#e08a2c}
.legend i{display:inline-block;width:12px;height:9px;margin:0 4px 0 12px}
`;

/** A page with no outside resources: the counts, a bar chart of decisions per rule, and every listed decision. */
export async function writeHtml(report: DryRunReport, out: Output): Promise<void> {
  const counts = report.counts();
  const countLabels: Record<string, string> = { decisions: 'decisions', changed: 'changed', drifted: 'drifted', notReplayable: 'not replayable', invalid: 'not valid' };
  const rules = report.ruleRows();
  const max = Math.max(1, ...rules.map((r) => Math.max(r.current, r.candidate)));
  const bar = (n: number, cls: string): string => `<div class="bar ${cls}" style="width:${((n / max) * 100).toFixed(1)}%" title="${n}"></div>`;
  await out(
    [
      '<!DOCTYPE html>',
      '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
      `<title>Shiftinator dry-run: ${esc(report.summaryLine())}</title><style>${STYLE}</style></head><body>`,
      '<h1>Dry-run of a rule change</h1>',
      `<p>${esc(report.sourceLine())}<br>current ${esc(rulesLine(report.current))}<br>candidate ${esc(rulesLine(report.candidate))}</p>`,
      `<p class="counts">${Object.entries(counts)
        .map(([k, v]) => `<span><b>${v}</b> ${esc(countLabels[k] ?? k)}</span>`)
        .join('')}</p>`,
      '<h2>Decisions per rule</h2>',
      '<p class="legend"><i class="bar cur"></i>current rules<i class="bar cand"></i>candidate rules</p>',
      '<table class="chart"><tr><th>rule</th><th class="n">current</th><th class="n">candidate</th><th class="n">changed</th><th style="width:45%"></th></tr>',
      ...rules.map(
        (r) =>
          `<tr><td><code>${esc(r.rule)}</code></td><td class="n">${r.current}</td><td class="n">${r.candidate}</td><td class="n">${r.changed}</td><td>${bar(r.current, 'cur')}${bar(r.candidate, 'cand')}</td></tr>`,
      ),
      '</table>',
      '<h2>Per action</h2><table><tr><th>action</th><th class="n">decisions</th><th class="n">changed</th>' +
        (report.isLog ? '<th class="n">drifted</th><th class="n">not replayable</th>' : '') +
        '</tr>',
      ...report
        .actionRows()
        .map(
          (a) =>
            `<tr><td>${esc(a.action)}</td><td class="n">${a.decisions}</td><td class="n">${a.changed}</td>` +
            (report.isLog ? `<td class="n">${a.drifted}</td><td class="n">${a.notReplayable}</td>` : '') +
            '</tr>',
        ),
      '</table>',
      '',
    ].join('\n'),
  );
  const section = async <T>(title: string, spool: Spool<T>, header: string[], row: (item: T) => string): Promise<void> => {
    await out(`<h2>${esc(title)} (${spool.size})</h2>\n`);
    if (!spool.size) {
      await out('<p>None.</p>\n');
      return;
    }
    await out(`<table><tr>${header.map((h) => `<th>${esc(h)}</th>`).join('')}</tr>\n`);
    for await (const item of spool.items()) await out(`<tr>${row(item)}</tr>\n`);
    await out('</table>\n');
  };
  const place = report.isLog ? 'logged decision' : 'scenario';
  await section('Changed decisions', report.changes, [place, 'action', 'actor', 'before (current rules)', 'after (candidate rules)'], (c) => `${whereHtml(c)}<td>${answerHtml(c.before)}</td><td>${answerHtml(c.after)}</td>`);
  if (report.isLog) {
    await section('Drift: the current rules no longer give the logged answer', report.drift, [place, 'action', 'actor', 'logged', 'current rules'], (d) =>
      `${whereHtml(d)}<td>${answerHtml(d.logged)}<br><small>rules version ${esc(shortVersion(d.loggedVersion))}</small></td><td>${answerHtml(d.current)}</td>`,
    );
    await section('Not replayable: the rules ask for what the log did not record', report.notReplayable, [place, 'action', 'actor', 'current rules', 'rules that need more', 'what they need'], (n) =>
      `${whereHtml(n)}<td>${n.current ? answerHtml(n.current) : ''}</td><td>${esc(n.rules.join(' and '))}</td><td>${n.missing.map((m) => `<div>${esc(m)}</div>`).join('')}</td>`,
    );
  }
  if (report.invalid.size) await section('Not valid', report.invalid, ['input', 'error'], (i) => `<td>${esc(i.where)}</td><td>${esc(i.error)}</td>`);
  await out('</body></html>\n');
}
