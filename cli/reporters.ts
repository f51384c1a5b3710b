import type { ReplayedFile, ReplaySummary } from './scenario-files.ts';

export const REPORTERS = ['text', 'json', 'junit'] as const;
export type ReporterName = (typeof REPORTERS)[number];

function status(f: ReplayedFile): string {
  return f.error !== undefined ? 'INVALID' : f.result?.passed ? 'PASS' : 'FAIL';
}

/** Lines a report carries besides the files: `head` first (the rules line), `tail` before the summary (coverage). */
export interface ReportExtras {
  head?: string[];
  tail?: string[];
}

/** The human report: one row per file, the details of each failure under it, the summary last. */
export function textReport(files: ReplayedFile[], summary: ReplaySummary, extras: ReportExtras = {}): string {
  const width = Math.min(80, Math.max(0, ...files.map((f) => f.file.length)));
  const lines: string[] = [...(extras.head ?? [])];
  for (const f of files) {
    lines.push(`${status(f).padEnd(7)}  ${f.file.padEnd(width)}  ${f.name ?? ''}`.trimEnd());
    if (f.error !== undefined) {
      lines.push(`         ${f.error}`);
    } else if (f.result && !f.result.passed) {
      for (const d of f.result.differences) lines.push(`         - ${d}`);
      lines.push(`         actual: ${JSON.stringify(f.result.actual)}`);
    }
  }
  lines.push(...(extras.tail ?? []));
  if (summary.invalid > 0) lines.push(`${summary.invalid} not valid scenario${summary.invalid === 1 ? '' : 's'}`);
  // CI reads this line: keep it exactly "N passed, M failed" and last.
  lines.push(`${summary.passed} passed, ${summary.failed} failed`);
  return lines.join('\n') + '\n';
}

/** `fields` come first (the rules and their version) and after the results (coverage) as given. */
export function jsonReport(files: ReplayedFile[], summary: ReplaySummary, fields: { rules?: unknown; coverage?: unknown } = {}): string {
  const results = files.map((f) => {
    if (f.error !== undefined || !f.result) return { file: f.file, name: f.name ?? null, passed: false, error: f.error };
    const { name, passed, expected, actual, differences } = f.result;
    return { file: f.file, name, passed, expected, actual, differences };
  });
  const { rules, ...after } = fields;
  return JSON.stringify({ ...(rules !== undefined ? { rules } : {}), ...summary, results, ...after }, null, 2) + '\n';
}

// XML 1.0 forbids these characters even when escaped.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function xmlEscape(text: string): string {
  return text
    .replace(NOT_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** An attribute keeps its line breaks only when they are written as character references. */
function attr(text: string): string {
  return xmlEscape(text).replace(/\r/g, '&#13;').replace(/\n/g, '&#10;');
}

/**
 * JUnit XML: one test suite, one test case per scenario file (classname = action, name = scenario
 * name); `properties` (the rules folder and version) go in the suite's properties.
 */
export function junitReport(files: ReplayedFile[], summary: ReplaySummary, seconds: number, properties: Record<string, string> = {}): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites tests="${summary.total}" failures="${summary.failed - summary.invalid}" errors="${summary.invalid}" time="${seconds.toFixed(3)}">`,
    `  <testsuite name="shiftinator replay" tests="${summary.total}" failures="${summary.failed - summary.invalid}" errors="${summary.invalid}" skipped="0" time="${seconds.toFixed(3)}">`,
  ];
  const props = Object.entries(properties);
  if (props.length) {
    out.push('    <properties>', ...props.map(([name, value]) => `      <property name="${attr(name)}" value="${attr(value)}"/>`), '    </properties>');
  }
  for (const f of files) {
    const open = `    <testcase classname="${attr(f.action ?? 'scenario')}" name="${attr(f.name ?? f.file)}" file="${attr(f.file)}"`;
    if (f.error !== undefined) {
      out.push(`${open}>`, `      <error message="${attr(f.error)}" type="invalid scenario">${xmlEscape(f.error)}</error>`, '    </testcase>');
    } else if (f.result && !f.result.passed) {
      const body = [...f.result.differences, `actual: ${JSON.stringify(f.result.actual)}`, `file: ${f.file}`].join('\n');
      out.push(
        `${open}>`,
        `      <failure message="${attr(f.result.differences.join('; '))}" type="answer differs">${xmlEscape(body)}</failure>`,
        '    </testcase>',
      );
    } else {
      out.push(`${open}/>`);
    }
  }
  out.push('  </testsuite>', '</testsuites>');
  return out.join('\n') + '\n';
}
