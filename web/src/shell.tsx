import type { ReactNode } from 'react';
import type { UnreadCounts } from './api-types.ts';
import { useLiveUpdates } from './live.ts';
import { inboxSummary, useRead } from './queries.ts';
import { Link, usePath } from './router.tsx';
import { can, useSession, useInactivityLogout } from './session.tsx';

/** Spec 1 section 9. */
const VERSION_LABEL = 'Version 154';

interface NavItem {
  label: string;
  to: string;
  /** Other paths that belong to this item, for the highlight. */
  also?: string[];
  /** Which of the navigation's unread counts it shows. */
  count?: keyof UnreadCounts;
}


/**
 * How often the counts are asked for besides the live updates and one's own actions: a fallback
 * while the event stream is down.
 */
const COUNTS_EVERY_MS = 60_000;

function Unread({ n }: { n: number }): ReactNode {
  if (n <= 0) return null;
  return (
    <span className="badge nav-count">
      {n}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}

function navItems(permissions: Record<string, unknown>): NavItem[] {
  const items: NavItem[] = [{ label: 'Calendar', to: '/calendar' }];
  if (can(permissions as never, 'teamCalendar')) items.push({ label: 'Team Calendar', to: '/teamCalendar' });
  items.push({ label: 'Attendance', to: '/attendance' });
  // One Wishlist link: to the supervisors' queue or to one's own requests (spec 1 section 6).
  const supervisor = can(permissions as never, 'supervisorWishlist');
  items.push({ label: 'Wishlist', to: supervisor ? '/wishlist' : '/myWishlist' });
  items.push(
    { label: 'Chat', to: '/chat', count: 'chat' },
    { label: 'Pending Activity', to: '/pending' },
    { label: 'Recent Activity', to: '/history' },
    { label: 'Inbox', to: '/inbox', count: 'inbox' },
  );
  return items;
}

/** The application shell (spec 1 "Application shell"): hidden on home. */
export function Shell({ children }: { children: ReactNode }): ReactNode {
  const { session, permissions, signOut } = useSession();
  const path = usePath();
  useInactivityLogout();
  const home = path === '/' || !session;
  const counts = useRead(session ? inboxSummary() : null, { refetchInterval: COUNTS_EVERY_MS }).data;
  useLiveUpdates(session?.agentId ?? null);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {!home && (
        <header className="top">
          <nav aria-label="Main">
            <ul>
              {navItems(permissions).map((item) => {
                const current = path === item.to || path.startsWith(`${item.to}/`);
                return (
                  <li key={item.label}>
                    <Link to={item.to} className={current ? 'nav current' : 'nav'} aria-current={current ? 'page' : undefined}>
                      {item.label}
                      {item.count && counts ? <Unread n={counts[item.count]} /> : null}
                    </Link>
                  </li>
                );
              })}
              <li>
                <button type="button" className="nav" onClick={() => void signOut()}>
                  Log Out
                </button>
              </li>
            </ul>
          </nav>
        </header>
      )}
      <main id="main">{children}</main>
      {!home && (
        <footer className="footer">
          <span>© {new Date().getFullYear()} Shiftinator</span>{' '}
          <Link to="/releaseNotes" className="version">
            {VERSION_LABEL}
          </Link>{' '}
          <Link to="/myCalendarFeed">My calendar feed</Link> <Link to="/rules">Rules</Link>
        </footer>
      )}
    </div>
  );
}
