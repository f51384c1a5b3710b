import { useEffect, type ReactNode } from 'react';
import { read, useRead, type ReadData } from '../../queries.ts';
import { showDateTime } from '../../time.ts';
import { DataTable, ErrorText, Loading, Page, Section } from '../../ui/components.tsx';

/**
 * The Rules screen (issue 30), read-only: the checks Shiftinator makes before each action, in the
 * order it makes them, with the message each gives and the named values it uses; the live rule
 * version and when it went live; and every change of the live rules, as `rules diff` words it.
 * Managers also see every named value with its unit and spec section. All of it is the server's
 * read (GET /api/rulesOverview), from the rule files it decides with.
 */

type Overview = ReadData<'rulesOverview'>;
type Check = Overview['actions'][number]['checks'][number];
type Value = Check['uses'][number];

/** What a check does to the person, in their words. */
const OUTCOME: Record<string, string> = { error: 'Stops you', confirm: 'Asks you to confirm', warning: 'Warns you' };

/** "postOfferCoverage" as a heading: "Post offer coverage". */
const actionTitle = (action: string): string => {
  const words = action.replace(/([A-Z])/g, ' $1').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const valueText = (v: Value): string => `${Array.isArray(v.value) ? v.value.join(', ') : String(v.value)} ${v.unit}`;

function CheckItem({ check }: { check: Check }): ReactNode {
  return (
    <li id={check.id} className="rule-check">
      <p className="rule-message">{check.message}</p>
      <p className="muted">
        {OUTCOME[check.outcome] ?? check.outcome} · rule <code>{check.id}</code>
      </p>
      {check.uses.length > 0 && (
        <ul className="rule-values" aria-label={`Values ${check.id} uses`}>
          {check.uses.map((v) => (
            <li key={v.name}>
              <strong>{valueText(v)}</strong> ({v.name}): {v.description}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function History({ history }: { history: Overview['history'] }): ReactNode {
  if (history.length === 0) return <p className="empty">No rule set has been recorded yet.</p>;
  return (
    <ol className="rule-history">
      {history.map((h) => (
        <li key={`${h.version}${h.liveAt}`}>
          <p>
            <strong>Version {h.version}</strong>, live since {showDateTime(h.liveAt)}
          </p>
          {h.changes === null ? (
            <p className="muted">The first rules recorded.</p>
          ) : h.changes.length === 0 ? (
            <p className="muted">No change that the rules comparison shows.</p>
          ) : (
            <ul>
              {h.changes.map((c, i) => (
                <li key={i}>{c}</li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

function Parameters({ values }: { values: NonNullable<Overview['parameters']> }): ReactNode {
  return (
    <Section title="Named Values">
      <DataTable
        rows={values}
        rowKey={(v) => v.name}
        empty="No named values."
        columns={[
          { header: 'Name', cell: (v) => v.name },
          { header: 'Value', cell: (v) => valueText(v) },
          { header: 'What It Is', cell: (v) => v.description },
          { header: 'Spec', cell: (v) => v.spec },
        ]}
      />
    </Section>
  );
}

function Overview({ data }: { data: Overview }): ReactNode {
  // A rule named in the address (a refusal's "Why?") is brought into view once the rules are in.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, [data]);
  return (
    <>
      <p>
        Before Shiftinator does what you ask, it makes these checks in this order. The first that applies decides, and you see its message. Words in braces, like {'{excess}'}, are filled in with
        your numbers at the time.
      </p>
      <p className="rule-version">
        Rule version <strong>{data.version}</strong>
        {data.liveAt ? `, live since ${showDateTime(data.liveAt)}` : ''}.
      </p>
      {data.parameters && <Parameters values={data.parameters} />}
      {data.actions.map((a) => (
        <Section key={a.action} title={actionTitle(a.action)} collapsible>
          <p className="muted">{a.description}</p>
          <ol className="rule-checks">
            {a.checks.map((c) => (
              <CheckItem key={c.id} check={c} />
            ))}
          </ol>
        </Section>
      ))}
      <Section title="Changes To The Rules">
        <History history={data.history} />
      </Section>
    </>
  );
}

export function RulesScreen(): ReactNode {
  const { data, error, loading } = useRead(read('rulesOverview'));
  return (
    <Page title="Rules">
      {error && <ErrorText message={error} />}
      {loading && !data && <Loading />}
      {data && <Overview data={data} />}
    </Page>
  );
}
