import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
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
// eslint-disable-next-line max-lines-per-function -- one modal form: category, recipient and message with its focus handling and the send
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
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose(null);
    }
    // Focus stays in the dialog while it is open.
    if (e.key === 'Tab') {
      const focusable = [...e.currentTarget.querySelectorAll<HTMLElement>('select, textarea, button:not(:disabled)')];
      const i = focusable.indexOf(document.activeElement as HTMLElement);
      const atEdge = e.shiftKey ? i <= 0 : i === focusable.length - 1;
      if (atEdge) {
        e.preventDefault();
        focusable[e.shiftKey ? focusable.length - 1 : 0]?.focus();
      }
    }
  };

  return (
    <div className="dialog-backdrop">
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="dialog chat-new" onKeyDown={onKeyDown}>
        <h2 id={titleId}>New Chat</h2>
        <form onSubmit={(e) => void onSubmit(e)}>
          <Field label="Category">
            {(id) => (
              <select
                id={id}
                ref={first}
                value={category?.value ?? ''}
                onChange={(e) => {
                  setCategory(categories.find((c) => c.value === e.target.value));
                  setPicked(null);
                }}
              >
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
              <select id={id} value={recipient ?? ''} disabled={people.loading} onChange={(e) => setPicked(e.target.value ? Number(e.target.value) : null)}>
                {!fixed && <option value="">Select a recipient</option>}
                {list.map((p) => (
                  <option key={p.agentId} value={p.agentId}>
                    {[p.initials, p.fullName].filter(Boolean).join(' - ')}
                  </option>
                ))}
              </select>
            )}
          </Field>
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
