import type { ReactNode } from 'react';
import { pathOf } from '../../api.ts';
import { useCodes } from '../../engine.ts';
import { Link, navigate, useQuery } from '../../router.tsx';
import { can, useAgent } from '../../session.tsx';
import { showDateTime, showRange } from '../../time.ts';
import { DataTable, ErrorText, Field, Loading, Page, Section, type Column } from '../../ui/components.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { breakText, oldestFirst, orLater, type CutRequest, type LunchRequest, type MainShift, type SubShift } from './shared.tsx';
import { read, useRead } from '../../queries.ts';

/**
 * Supervisor Wishlist (spec 3 section 2, wishlist): a select between Cuts and Breaks, and the
 * pending requests in tables per 1st, 2nd and 3rd shift. Approve leads to Cut Shift or Approve New
 * Meal Break; Deny is rules/denyCut.json (asked first) or denyLunch.json. The choice is kept in the
 * address (?show=breaks), so a reload or the way back from an approval shows the same list.
 */

type Kind = 'cuts' | 'breaks';

/**
 * The server's reads per shift are spec 1 section 9's filters, which overlap (a 3:00-11:30 PM shift
 * is in the 2nd and the 3rd); the tables are a partition (shared/domain-decisions.md): each
 * request is in the first table whose read holds it.
 */
const CLASSES = [
  ['First', '1st Shift'],
  ['Second', '2nd Shift'],
  ['Third', '3rd Shift'],
] as const;

const READS = {
  cuts: { classes: ['getFirstShiftCuts', 'getSecondShiftCuts', 'getThirdShiftCuts'], mains: 'getCutMainShifts', subs: 'getCutSubShifts' },
  breaks: { classes: ['getFirstShiftLunches', 'getSecondShiftLunches', 'getThirdShiftLunches'], mains: 'getLunchMainShifts', subs: 'getLunchSubShifts' },
} as const;

export function WishlistScreen(): ReactNode {
  const agent = useAgent();
  const kind: Kind = useQuery().get('show') === 'breaks' ? 'breaks' : 'cuts';
  if (!can(agent.permissions, 'supervisorWishlist')) {
    return (
      <Page title="Supervisor Wishlist">
        <p className="banner">
          Only supervision can see the cut and break requests. Your own requests are under <Link to="/myWishlist">My Wishlist</Link>.
        </p>
      </Page>
    );
  }
  return (
    <Page title="Supervisor Wishlist">
      <Field label="Requests">
        {(id) => (
          <select id={id} className="cuts-breaks-kind" value={kind} onChange={(e) => navigate(e.target.value === 'breaks' ? '/wishlist?show=breaks' : '/wishlist', { replace: true })}>
            <option value="cuts">Cuts</option>
            <option value="breaks">Breaks</option>
          </select>
        )}
      </Field>
      <Queue key={kind} kind={kind} />
    </Page>
  );
}

/** Each request in the first list that holds it, and in no later one. */
function onceEach<T extends { timeScheduleItemID: number; agentID: number }>(lists: T[][]): T[][] {
  const seen = new Set<string>();
  return lists.map((list) =>
    list.filter((r) => {
      const key = `${r.timeScheduleItemID}/${r.agentID}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
  );
}

interface Row {
  request: CutRequest | LunchRequest;
  shift: MainShift | undefined;
  mealBreak: SubShift | undefined;
}

function Queue({ kind }: { kind: Kind }): ReactNode {
  const reads = READS[kind];
  const first = useRead<(CutRequest | LunchRequest)[]>(read(reads.classes[0]));
  const second = useRead<(CutRequest | LunchRequest)[]>(read(reads.classes[1]));
  const third = useRead<(CutRequest | LunchRequest)[]>(read(reads.classes[2]));
  const mains = useRead(read(reads.mains));
  const subs = useRead(read(reads.subs));
  const mealBreak = useCodes()?.mealBreakShiftType;
  const spanish = useRead(read('getAllSpanishAgents'));
  const loads = [first, second, third, mains, subs, spanish];
  const { submit, busy } = useSubmit();
  const failed = loads.find((l) => l.error);
  if (failed?.error) return <ErrorText message={failed.error} />;
  if (!first.data || !second.data || !third.data || !mains.data || !subs.data || !spanish.data || mealBreak === undefined) return <Loading />;
  const bilingual = new Set(spanish.data.map((a) => a.agentId));
  const shifts = new Map(mains.data.map((s) => [s.scheduleID, s]));
  const breaks = new Map(subs.data.filter((s) => s.shiftType === mealBreak).map((s) => [s.scheduleID, s]));
  const rowsOf = (list: (CutRequest | LunchRequest)[]): Row[] =>
    oldestFirst(list).map((request) => ({ request, shift: shifts.get(request.timeScheduleItemID), mealBreak: breaks.get(request.timeScheduleItemID) }));

  const deny = async (r: CutRequest | LunchRequest): Promise<void> => {
    // denyCut asks first (its rule's prompt); denyLunch does not (spec 3 asks no confirmation for it).
    await submit({ method: 'put', path: kind === 'cuts' ? '/api/denyCut/{shiftId}/{agentId}' : '/api/denyLunch/{shiftId}/{agentId}', params: { shiftId: r.timeScheduleItemID, agentId: r.agentID } });
  };
  const columns: (Column<Row> | false)[] = [
    { header: 'Agent', cell: (r) => `${r.request.initials ?? ''}${bilingual.has(r.request.agentID) ? ', bilingual' : ''}` },
    { header: 'Requested', cell: (r) => showDateTime(r.request.timestampRequested) },
    { header: 'Shift', cell: (r) => (r.shift ? showRange(r.shift.startDateTime, r.shift.endDateTime) : '') },
    kind === 'cuts' && { header: 'Proposed End Time', cell: (r) => orLater((r.request as CutRequest).requestedEndTime) },
    kind === 'breaks' && { header: 'Current Break', cell: (r) => breakText(r.mealBreak?.startDateTime, r.mealBreak?.endDateTime) },
    kind === 'breaks' && { header: 'Request Note', cell: (r) => (r.request as LunchRequest).notes ?? '' },
    {
      header: 'Actions',
      cell: (r) => (
        <div className="actions">
          <Link className="button-link primary" to={pathOf(kind === 'cuts' ? 'cutUser' : 'approveLunch', r.request.timeScheduleItemID)}>
            Approve
          </Link>
          <button type="button" className="danger" disabled={busy} onClick={() => void deny(r.request)}>
            Deny
          </button>
        </div>
      ),
    },
  ];
  const lists = onceEach([first.data, second.data, third.data]);
  return (
    <>
      {CLASSES.map(([name, title], i) => (
        <Section key={name} title={title} collapsible>
          <DataTable<Row>
            rows={rowsOf(lists[i] ?? [])}
            rowKey={(r) => `${r.request.timeScheduleItemID}-${r.request.agentID}`}
            empty={kind === 'cuts' ? 'No cut requests.' : 'No break requests.'}
            columns={columns}
          />
        </Section>
      ))}
    </>
  );
}
