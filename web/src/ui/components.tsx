import { useEffect, useId, useState, type ReactNode } from 'react';
import type { Preview } from '../engine.ts';
import { useRead, type Read } from '../queries.ts';

export function Page({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }): ReactNode {
  useEffect(() => {
    document.title = `${title} - Shiftinator`;
  }, [title]);
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">{title}</h1>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A section with a heading; `collapsible` adds the spec's +/- toggle. */
export function Section({ title, children, collapsible, level = 2 }: { title: ReactNode; children: ReactNode; collapsible?: boolean; level?: 2 | 3 }): ReactNode {
  const [open, setOpen] = useState(true);
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="section" aria-labelledby={id}>
      <div className="section-head">
        <Heading id={id}>{title}</Heading>
        {collapsible && (
          <button type="button" className="toggle" aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setOpen(!open)}>
            <span aria-hidden="true">{open ? '-' : '+'}</span>
            <span className="visually-hidden">{open ? 'Collapse' : 'Expand'}</span>
          </button>
        )}
      </div>
      <div id={`${id}-body`} hidden={!open}>
        {children}
      </div>
    </section>
  );
}

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/**
 * A table with the spec's columns; `empty` is the spec's text for no rows. Narrow screens show its
 * rows as stacked cards (styles.css, table.stack), which makes browsers drop a table's implicit
 * roles: the explicit ones keep it a table for screen readers at every width.
 */
export function DataTable<T>({ caption, columns, rows, empty, rowKey }: { caption?: string; columns: (Column<T> | false | null | undefined)[]; rows: T[]; empty: string; rowKey: (row: T, i: number) => string | number }): ReactNode {
  const shown = columns.filter((c): c is Column<T> => !!c);
  if (rows.length === 0) return <p className="empty">{empty}</p>;
  return (
    <div className="table-wrap">
      <table className="stack" role="table">
        {caption && <caption>{caption}</caption>}
        <thead role="rowgroup">
          <tr role="row">
            {shown.map((c) => (
              <th key={c.header} scope="col" role="columnheader">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((r, i) => (
            <tr key={rowKey(r, i)} role="row">
              {shown.map((c) => (
                <td key={c.header} data-label={c.header} role="cell">
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A screen about one record (a shift, a posting, a request, an offer): its page, with loading and failure. */
export function LoadedPage<T>({ title, query, children }: { title: string; query: Read; children: (data: T) => ReactNode }): ReactNode {
  const { data, error, loading } = useRead<T>(query);
  return (
    <Page title={title}>
      {loading && <Loading />}
      {error && <ErrorText message={error} />}
      {data && children(data)}
    </Page>
  );
}

/**
 * A few labelled facts about what a screen works on (a posting, a shift, a request). `name` adds
 * the area's own class, by which its pages and tests find the list.
 */
export function Facts({ items, name }: { items: [string, ReactNode][]; name?: string }): ReactNode {
  return (
    <dl className={name ? `facts ${name}` : 'facts'}>
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A labelled control: the label is tied to the control by id. */
export function Field({ label, children, hint }: { label: string; hint?: string; children: (id: string) => ReactNode }): ReactNode {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {hint && <span className="hint">{hint}</span>}
    </div>
  );
}

export function Loading({ what = 'Loading' }: { what?: string }): ReactNode {
  return (
    <p className="loading" role="status" aria-live="polite">
      {what}…
    </p>
  );
}

export function ErrorText({ message }: { message: string }): ReactNode {
  return (
    <p className="error" role="alert">
      {message}
    </p>
  );
}

/**
 * The engine's answer before submitting: the exact message the server would give, and the rule
 * that gives it, so a person sees what stops them while they can still change the form.
 */
export function PreviewNotice({ preview, checking }: { preview: Preview | null; checking: boolean }): ReactNode {
  return (
    <div className="preview" aria-live="polite" data-testid="preview">
      {checking ? (
        <p className="muted">Checking the rules…</p>
      ) : preview?.outcome === 'error' ? (
        <p className="error" data-rule={preview.rule ?? undefined}>
          {preview.message}
          {preview.rule && <span className="rule"> (rule {preview.rule})</span>}
        </p>
      ) : preview?.outcome === 'confirm' ? (
        <p className="warn">{preview.message}</p>
      ) : preview?.outcome === 'ok' ? (
        <p className="ok">The rules allow this.{preview.warnings?.length ? ` ${preview.warnings.join(' ')}` : ''}</p>
      ) : null}
    </div>
  );
}

/** The end of a form that leads to a decided action: the engine's answer as it is filled in, then its submit button. */
export function SubmitRow({ label, preview, checking, busy }: { label: string; preview: Preview | null; checking: boolean; busy: boolean }): ReactNode {
  return (
    <>
      <PreviewNotice preview={preview} checking={checking} />
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {label}
        </button>
      </div>
    </>
  );
}
