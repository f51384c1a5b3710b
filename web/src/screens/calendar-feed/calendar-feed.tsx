import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { api } from '../../api.ts';
import { read, refreshAfter } from '../../queries.ts';
import { useDialogs } from '../../ui/dialogs.tsx';
import { ErrorText, LoadedPage } from '../../ui/components.tsx';

const FEED_TEXT = {
  title: 'My Calendar Feed',
  intro:
    'Subscribe to this address in your calendar app (Google Calendar: Other calendars, From URL; Outlook: Add calendar, Subscribe from web; iPhone: Settings, Calendar, Accounts, Add Subscribed Calendar). Your shifts, covering and claimed shifts and meal breaks appear there in Eastern time, and follow every change Shiftinator makes.',
  secret: 'Anyone with this address can see your shifts. Keep it to yourself; if it got out, get a new one.',
  label: 'Calendar feed address',
  copy: 'Copy address',
  copied: 'Copied.',
  replace: 'Get a new address',
  confirm: 'Your old address will stop working, and calendars subscribed to it will stop updating. Get a new address?',
};

export function CalendarFeedScreen(): ReactNode {
  const client = useQueryClient();
  const dialogs = useDialogs();
  const [note, setNote] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const replace = async (): Promise<void> => {
    if (!(await dialogs.confirm(FEED_TEXT.confirm))) return;
    const res = await api.post('/api/myCalendarFeed');
    refreshAfter(client, '/myCalendarFeed');
    setNote(null);
    setFailed(res.ok ? null : res.error);
  };
  return (
    <LoadedPage title={FEED_TEXT.title} query={read('myCalendarFeed')}>
      {(feed) => (
        <>
          <p>{FEED_TEXT.intro}</p>
          <p>
            <label htmlFor="feed-url">{FEED_TEXT.label}</label>{' '}
            <input id="feed-url" type="text" readOnly value={feed.url} size={60} onFocus={(e) => e.currentTarget.select()} />{' '}
            <button
              type="button"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(feed.url)
                  .then(() => setNote(FEED_TEXT.copied))
                  .catch(() => setNote(null))
              }
            >
              {FEED_TEXT.copy}
            </button>{' '}
            {note && <span role="status">{note}</span>}
          </p>
          <p>{FEED_TEXT.secret}</p>
          <p>
            <button type="button" onClick={() => void replace()}>
              {FEED_TEXT.replace}
            </button>
          </p>
          {failed && <ErrorText message={failed} />}
        </>
      )}
    </LoadedPage>
  );
}
