import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { api } from '../../api.ts';
import type { Inbox } from '../../api-types.ts';
import { inboxSettings, read, refreshAfter, useRead } from '../../queries.ts';
import { Link } from '../../router.tsx';
import { showDateTime } from '../../time.ts';
import { ErrorText, LoadedPage } from '../../ui/components.tsx';

const INBOX_TEXT = {
  title: 'Inbox',
  empty: 'Nothing in your inbox.',
  unread: 'New',
  markAll: 'Mark all as read',
  open: 'Open',
  canTakeTexts: 'Also text me when a shift I could take is posted (a posting for coverage or for hours, or an open shift)',
  saving: 'Saving…',
};

type InboxItem = Inbox['items'][number];

/** Marks items read (one, or all for null) and asks again for the inbox and the navigation's counts. */
function useMarkRead(): (id: number | null) => Promise<string | null> {
  const client = useQueryClient();
  return async (id) => {
    const res = id === null ? await api.post('/api/inbox/read') : await api.post('/api/inbox/{id}/read', { params: { id } });
    refreshAfter(client, '/inbox');
    return res.ok ? null : res.error;
  };
}

function Item({ item }: { item: InboxItem }): ReactNode {
  const markRead = useMarkRead();
  const unread = item.readAt === null;
  return (
    <li className={unread ? 'inbox-item unread' : 'inbox-item'}>
      <span className="history-when">{showDateTime(item.createdAt)}</span>{' '}
      {unread && <span className="badge">{INBOX_TEXT.unread}</span>} <span className="inbox-body">{item.body}</span>{' '}
      {/* Opening the item marks it read; the screen it concerns loads meanwhile. */}
      <Link to={item.link} onClick={() => void (unread ? markRead(item.id) : undefined)}>
        {INBOX_TEXT.open}
        <span className="visually-hidden">: {item.body}</span>
      </Link>
    </li>
  );
}

/** Whether who-could-take-it notices also come as texts: saved as soon as it is ticked. */
function TextSetting(): ReactNode {
  const client = useQueryClient();
  const query = inboxSettings();
  const { data, error } = useRead(query);
  // What the person just chose, shown while it is saved; the saved answer replaces it.
  const [choice, setChoice] = useState<boolean | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const change = async (canTakeTexts: boolean): Promise<void> => {
    setChoice(canTakeTexts);
    const res = await api.put('/api/inbox/settings', { body: { canTakeTexts } });
    if (res.ok) client.setQueryData(query.queryKey, res.data);
    setChoice(null);
    setFailed(res.ok ? null : res.error);
  };
  const problem = failed ?? error;
  return (
    <div className="inbox-settings">
      <input id="can-take-texts" type="checkbox" checked={choice ?? data?.canTakeTexts ?? false} disabled={data === null || choice !== null} onChange={(e) => void change(e.target.checked)} />
      <label htmlFor="can-take-texts">{INBOX_TEXT.canTakeTexts}</label> {choice !== null && <span role="status">{INBOX_TEXT.saving}</span>}
      {problem && <ErrorText message={problem} />}
    </div>
  );
}

export function InboxScreen(): ReactNode {
  const markRead = useMarkRead();
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <LoadedPage title={INBOX_TEXT.title} query={read('inbox')}>
      {(inbox) => (
        <>
          {inbox.unread > 0 && (
            <p>
              <button type="button" onClick={() => void markRead(null).then(setFailed)}>
                {INBOX_TEXT.markAll}
              </button>
            </p>
          )}
          {failed && <ErrorText message={failed} />}
          <TextSetting />
          {inbox.items.length === 0 ? (
            <p className="empty">{INBOX_TEXT.empty}</p>
          ) : (
            <ul className="history-list inbox-list" aria-label={INBOX_TEXT.title}>
              {inbox.items.map((item) => (
                <Item key={item.id} item={item} />
              ))}
            </ul>
          )}
        </>
      )}
    </LoadedPage>
  );
}
