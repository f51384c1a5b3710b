import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useMessageMaxCharacters, usePreview } from '../../engine.ts';
import { useAgent } from '../../session.tsx';
import { ErrorText, Field, Loading, PreviewNotice } from '../../ui/components.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { categoriesFor, type ChatCategory } from './model.ts';
import { read, useRead } from '../../queries.ts';

/**
 * The new-chat dialog (spec 3 "Chat"): a category select (the categories of the person's rank,
 * rules/roles.json chatCategories), a recipient select, a message box, Send and Cancel. The
 * 'Shiftinator Ideas' category has one fixed recipient, chosen for the person. A modal dialog:
 * focus starts on the category and stays inside; Escape cancels.
 */
export function NewChatDialog({ offered, onClose }: { offered: (string | number)[]; onClose: (sentTo: number | null) => void }): ReactNode {
  const agent = useAgent();
  const maxCharacters = useMessageMaxCharacters();
  const categories = categoriesFor(offered);
  const [category, setCategory] = useState<ChatCategory | undefined>(categories[0]);
  const [picked, setPicked] = useState<number | null>(null);
  const [notes, setNotes] = useState('');
  const [touched, setTouched] = useState(false);
  const titleId = useId();
  const first = useRef<HTMLSelectElement>(null);
  const people = useRead(category ? read(category.people) : null);
  const list = (people.data ?? []).filter((p) => p.agentId !== agent.agentId);
  const fixed = category?.value === 'ideas' ? (list[0] ?? null) : null;
  const recipient = fixed ? fixed.agentId : picked;
  const { submit, busy } = useSubmit();
  const { preview, checking } = usePreview('sendMessage', touched ? { toAgentId: recipient, notes } : null);

  useEffect(() => first.current?.focus(), []);

  const onSubmit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const done = await submit({ method: 'post', path: '/api/sendMessage', body: { AgentID: agent.agentId, toAgentID: recipient, Notes: notes } });
    if (done.ok && recipient !== null) onClose(recipient);
  };
  return (
    <div className="dialog-backdrop">
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="dialog chat-new" onKeyDown={(e) => modalKeys(e, () => onClose(null))}>
        <h2 id={titleId}>New Chat</h2>
        <form onSubmit={(e) => void onSubmit(e)}>
          <RecipientFields
            categories={categories}
            category={category}
            onCategory={(c) => {
              setCategory(c);
              setPicked(null);
            }}
            first={first}
            people={list}
            loading={people.loading}
            fixed={fixed !== null}
            recipient={recipient}
            onPick={setPicked}
          />
          {people.loading && <Loading what="Loading the recipients" />}
          {people.error && <ErrorText message={people.error} />}
          <Field label="Message" hint={`${notes.length} of ${maxCharacters ?? '…'} characters.`}>
            {(id) => (
              <textarea
                id={id}
                rows={4}
                value={notes}
                onChange={(e) => {
                  setNotes(e.target.value);
                  setTouched(true);
                }}
              />
            )}
          </Field>
          <PreviewNotice preview={preview} checking={checking} />
          <div className="dialog-buttons">
            <button type="button" onClick={() => onClose(null)}>
              Cancel
            </button>
            <button type="submit" className="primary" disabled={busy}>
              Send
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

/** Escape cancels the modal; focus stays inside it while it is open. */
function modalKeys(e: KeyboardEvent<HTMLDivElement>, cancel: () => void): void {
  if (e.key === 'Escape') {
    e.stopPropagation();
    cancel();
  }
  if (e.key === 'Tab') {
    const focusable = [...e.currentTarget.querySelectorAll<HTMLElement>('select, textarea, button:not(:disabled)')];
    const i = focusable.indexOf(document.activeElement as HTMLElement);
    const atEdge = e.shiftKey ? i <= 0 : i === focusable.length - 1;
    if (atEdge) {
      e.preventDefault();
      focusable[e.shiftKey ? focusable.length - 1 : 0]?.focus();
    }
  }
}

/** The category and recipient selects; a fixed recipient ('Shiftinator Ideas') has no empty choice. */
function RecipientFields(props: {
  categories: ChatCategory[];
  category: ChatCategory | undefined;
  onCategory: (c: ChatCategory | undefined) => void;
  first: RefObject<HTMLSelectElement | null>;
  people: { agentId: number; initials: string | null; fullName: string }[];
  loading: boolean;
  fixed: boolean;
  recipient: number | null;
  onPick: (agentId: number | null) => void;
}): ReactNode {
  const { categories, category, people, recipient } = props;
  return (
    <>
      <Field label="Category">
        {(id) => (
          <select id={id} ref={props.first} value={category?.value ?? ''} onChange={(e) => props.onCategory(categories.find((c) => c.value === e.target.value))}>
            {categories.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Recipient">
        {(id) => (
          <select id={id} value={recipient ?? ''} disabled={props.loading} onChange={(e) => props.onPick(e.target.value ? Number(e.target.value) : null)}>
            {!props.fixed && <option value="">Select a recipient</option>}
            {people.map((p) => (
              <option key={p.agentId} value={p.agentId}>
                {[p.initials, p.fullName].filter(Boolean).join(' - ')}
              </option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}
