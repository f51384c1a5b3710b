import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { api } from '../../api.ts';
import { useMessageMaxCharacters, usePreview } from '../../engine.ts';
import { navigate, useQuery } from '../../router.tsx';
import { allowed, useAgent } from '../../session.tsx';
import { showTime } from '../../time.ts';
import { ErrorText, Loading, Page, PreviewNotice } from '../../ui/components.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { DELETE_THREAD_CONFIRM, groupByDay, threadsOf, type Thread } from './model.ts';
import { NewChatDialog } from './new-chat.tsx';
import { read, refreshAfter, useRead } from '../../queries.ts';

/**
 * Chat (spec 3 "Chat", sections 4, 5 and 7): threads on the left with an unread dot and a delete
 * button, a New Chat button, the open thread's messages grouped by day, and an input that sends on
 * Enter (Shift+Enter for a new line). The open thread is in the address (?to={agentId}), which is
 * how the calendar opens a chat with someone; opening it marks its messages read.
 */

/** How often the open screen looks for new messages. */
const REFRESH_MS = 30_000;

export function ChatScreen(): ReactNode {
  const agent = useAgent();
  const texts = useRead(read('getMyTexts', agent.agentId), { refetchInterval: REFRESH_MS });
  const staff = useRead(read('getAgents'));
  const asked = Number(useQuery().get('to'));
  const partnerId = Number.isInteger(asked) && asked > 0 ? asked : null;
  const [newChat, setNewChat] = useState(false);
  const newChatButton = useRef<HTMLButtonElement>(null);

  const threads = texts.data ? threadsOf(texts.data, agent.agentId) : [];
  const nameOf = (id: number, initials: string | null): string => {
    const p = staff.data?.find((s) => s.agentId === id);
    return p ? [p.initials, p.fullName].filter(Boolean).join(' - ') : (initials ?? `Agent ${id}`);
  };
  const open = threads.find((t) => t.partnerId === partnerId) ?? null;

  return (
    <Page
      title="Chat"
      actions={
        <button type="button" className="primary" ref={newChatButton} onClick={() => setNewChat(true)}>
          New Chat
        </button>
      }
    >
      {texts.error && <ErrorText message={texts.error} />}
      {!texts.data && texts.loading && <Loading what="Loading your messages" />}
      {texts.data && (
        <div className="chat">
          <ThreadList threads={threads} partnerId={partnerId} nameOf={nameOf} />
          {partnerId === null ? (
            <p className="chat-none muted">{threads.length === 0 ? 'No messages yet. Start one with New Chat.' : 'Choose a thread to read it, or start a new chat.'}</p>
          ) : partnerId === agent.agentId ? (
            <ErrorText message="ERROR: Cannot send message to yourself, silly goose." />
          ) : (
            <ThreadPane key={partnerId} partnerId={partnerId} name={nameOf(partnerId, open?.partnerInitials ?? null)} thread={open} />
          )}
        </div>
      )}
      {newChat && (
        <NewChatDialog
          offered={allowed(agent.permissions, 'chatCategories')}
          onClose={(sentTo) => {
            setNewChat(false);
            if (sentTo === null) {
              newChatButton.current?.focus();
              return;
            }
            navigate(`/chat?to=${sentTo}`);
          }}
        />
      )}
    </Page>
  );
}

function ThreadList({ threads, partnerId, nameOf }: { threads: Thread[]; partnerId: number | null; nameOf: (id: number, initials: string | null) => string }): ReactNode {
  const agent = useAgent();
  const { submit, busy } = useSubmit();
  const remove = async (t: Thread): Promise<void> => {
    const done = await submit({ method: 'post', path: '/api/deleteThread', body: { AgentID: agent.agentId, toAgentID: t.partnerId }, confirm: DELETE_THREAD_CONFIRM });
    if (!done.ok) return;
    if (t.partnerId === partnerId) navigate('/chat', { replace: true });
  };
  if (threads.length === 0) return <nav className="chat-threads" aria-label="Threads" />;
  return (
    <nav className="chat-threads" aria-label="Threads">
      <ul>
        {threads.map((t) => {
          const name = nameOf(t.partnerId, t.partnerInitials);
          const current = t.partnerId === partnerId;
          return (
            <li key={t.partnerId} className={current ? 'current' : undefined}>
              <a
                href={`/chat?to=${t.partnerId}`}
                className="chat-thread"
                aria-current={current ? 'page' : undefined}
                onClick={(e) => {
                  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                  e.preventDefault();
                  navigate(`/chat?to=${t.partnerId}`);
                }}
              >
                <span className="chat-thread-name">
                  {t.unread > 0 && <span className="chat-dot" aria-hidden="true" />}
                  {name}
                  {t.unread > 0 && <span className="visually-hidden">{`, ${t.unread} unread`}</span>}
                </span>
                <span className="chat-thread-last">{t.last.message}</span>
              </a>
              <button type="button" className="danger chat-delete" disabled={busy} aria-label={`Delete the thread with ${name}`} onClick={() => void remove(t)}>
                Delete
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function ThreadPane({ partnerId, name, thread }: { partnerId: number; name: string; thread: Thread | null }): ReactNode {
  const client = useQueryClient();
  const agent = useAgent();
  const headingId = useId();
  const log = useRef<HTMLDivElement>(null);
  const asked = useRef(new Set<number>());
  const [readError, setReadError] = useState<string | null>(null);
  const messages = thread?.messages ?? [];
  const unreadIds = messages.filter((m) => m.fromEmpID === partnerId && m.toReadDateTime === null).map((m) => m.msgID);
  const unreadKey = unreadIds.join(',');

  // Opening a thread, or a message arriving in the open one, marks it read (spec 3 section 4);
  // each message is asked about once, so a failing call is not repeated every refresh.
  useEffect(() => {
    const fresh = unreadKey ? unreadKey.split(',').map(Number).filter((id) => !asked.current.has(id)) : [];
    if (fresh.length === 0) return;
    for (const id of fresh) asked.current.add(id);
    void api.post('/api/readMessages', { body: { AgentID: agent.agentId, toAgentID: partnerId } }).then((res) => {
      setReadError(res.ok ? null : res.error);
      if (res.ok) refreshAfter(client, '/readMessages');
    });
  }, [unreadKey, agent.agentId, partnerId, client]);

  const count = messages.length;
  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);

  return (
    <section className="chat-pane" aria-labelledby={headingId}>
      <h2 id={headingId}>{name}</h2>
      {readError && <ErrorText message={readError} />}
      <div className="chat-messages" ref={log} role="log" aria-label={`Messages with ${name}`} tabIndex={0}>
        {count === 0 && <p className="muted">No messages yet.</p>}
        {groupByDay(messages).map((d) => (
          <div key={d.day} className="chat-day">
            <h3>{d.label}</h3>
            <ol>
              {d.messages.map((m) => {
                const mine = m.fromEmpID === agent.agentId;
                return (
                  <li key={m.msgID} className={mine ? 'mine' : 'theirs'}>
                    <span className="visually-hidden">{mine ? 'You' : name}: </span>
                    <span className="chat-text">{m.message}</span>
                    <span className="chat-time">{showTime(m.dateTime)}</span>
                  </li>
                );
              })}
            </ol>
          </div>
        ))}
      </div>
      <Composer partnerId={partnerId} name={name} />
    </section>
  );
}

/** The message input: Enter sends, Shift+Enter starts a new line. */
function Composer({ partnerId, name }: { partnerId: number; name: string }): ReactNode {
  const agent = useAgent();
  const maxCharacters = useMessageMaxCharacters();
  const inputId = useId();
  const [text, setText] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { submit, busy } = useSubmit();
  // The engine's answer once something is typed: the empty and over-long rules speak before Send.
  const { preview } = usePreview('sendMessage', text === '' ? null : { toAgentId: partnerId, notes: text });

  const send = async (e: { preventDefault: () => void }): Promise<void> => {
    e.preventDefault();
    const done = await submit({ method: 'post', path: '/api/sendMessage', body: { AgentID: agent.agentId, toAgentID: partnerId, Notes: text }, quiet: true, decided: preview });
    if (!done.ok) return;
    setText('');
    setSent(done.answer?.ok ? done.answer.data.message : null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) void send(e);
  };

  return (
    <form className="chat-composer" onSubmit={(e) => void send(e)}>
      <label htmlFor={inputId} className="visually-hidden">
        {`Message to ${name}`}
      </label>
      <textarea
        id={inputId}
        rows={2}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setSent(null);
        }}
        onKeyDown={onKeyDown}
        aria-describedby={`${inputId}-hint`}
      />
      <button type="submit" className="primary" disabled={busy}>
        Send
      </button>
      <p id={`${inputId}-hint`} className="hint">
        Enter sends; Shift+Enter starts a new line. {text.length} of {maxCharacters ?? '…'} characters.
      </p>
      <PreviewNotice preview={preview?.outcome === 'ok' ? null : preview} checking={false} />
      <p className="chat-sent" role="status">
        {sent}
      </p>
    </form>
  );
}
