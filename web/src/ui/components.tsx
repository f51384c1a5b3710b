import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { Preview } from '../engine.ts';
import { useRead, type Read } from '../queries.ts';
import { Link } from '../router.tsx';

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
  // The toggle is named by what it does and to which section: "Collapse Agents Seeking Hours".
  return (
    <section className="section" aria-labelledby={id}>
      <div className="section-head">
        <Heading id={id}>{title}</Heading>
        {collapsible && (
          <button type="button" className="toggle" aria-expanded={open} aria-controls={`${id}-body`} aria-labelledby={`${id}-does ${id}`} onClick={() => setOpen(!open)}>
            <span aria-hidden="true">{open ? '-' : '+'}</span>
            <span id={`${id}-does`} className="visually-hidden">
              {open ? 'Collapse' : 'Expand'}
            </span>
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
export function LoadedPage<T>({ title, query, children }: { title: string; query: Read<T>; children: (data: T) => ReactNode }): ReactNode {
  const { data, error, loading } = useRead(query);
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

const TOUCH_EVENTS = ['input', 'change', 'submit'] as const;

// A form remembers being touched, so a check that appears in it later (once its times are chosen)
// knows the person has already done something there.
if (typeof document !== 'undefined') {
  for (const e of TOUCH_EVENTS) {
    document.addEventListener(
      e,
      (event) => {
        const form = event.target instanceof Element ? event.target.closest('form') : null;
        if (form) form.dataset.touched = 'true';
      },
      true,
    );
  }
}

/**
 * Whether the person has done anything in the form around `ref` yet: changed a control or pressed
 * its submit button. Outside a form, always.
 */
function useTouchedForm(ref: RefObject<HTMLElement | null>): boolean {
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    const form = ref.current?.closest('form');
    if (!form || form.dataset.touched === 'true') {
      setTouched(true);
      return;
    }
    const touch = (): void => setTouched(true);
    for (const e of TOUCH_EVENTS) form.addEventListener(e, touch, true);
    return () => {
      for (const e of TOUCH_EVENTS) form.removeEventListener(e, touch, true);
    };
  }, [ref]);
  return touched;
}

/**
 * The engine's answer before submitting: the exact message the server would give, so a person
 * sees what stops them while they can still change the form. A refusal waits until they have
 * changed something or pressed the button: an untouched form has done nothing wrong. The deciding
 * rule is for an auditor, behind "Why?". Under a refusal, `fix`: the hours that would pass, where
 * the form has a search for them (ui/suggestion.tsx).
 */
export function PreviewNotice({ preview, checking, fix }: { preview: Preview | null; checking: boolean; fix?: ReactNode }): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  const touched = useTouchedForm(ref);
  return (
    <div className="preview" aria-live="polite" data-testid="preview" ref={ref}>
      {checking ? (
        <p className="muted">Checking the rules…</p>
      ) : preview?.outcome === 'error' ? (
        touched && (
          <div className="error" data-rule={preview.rule ?? undefined}>
            <span className="message">{preview.message}</span>
            {preview.rule && (
              <details className="why">
                <summary>Why?</summary>
                Decided by rule <Link to={`/rules#${preview.rule}`}>{preview.rule}</Link>, which the Rules screen shows with the values it uses.
              </details>
            )}
            {fix}
          </div>
        )
      ) : preview?.outcome === 'confirm' ? (
        <p className="warn">{preview.message}</p>
      ) : preview?.outcome === 'ok' ? (
        <p className="ok">The rules allow this.{preview.warnings?.length ? ` ${preview.warnings.join(' ')}` : ''}</p>
      ) : null}
    </div>
  );
}

/** The end of a form that leads to a decided action: the engine's answer as it is filled in, then its submit button. */
export function SubmitRow({ label, preview, checking, busy, fix }: { label: string; preview: Preview | null; checking: boolean; busy: boolean; fix?: ReactNode }): ReactNode {
  return (
    <>
      <PreviewNotice preview={preview} checking={checking} fix={fix} />
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {label}
        </button>
      </div>
    </>
  );
}
