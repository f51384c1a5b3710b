import { calendarReads } from '../reads/routes.ts';
import type { Feature } from './feature.ts';
import { offerActions } from './offers.ts';
import { history } from './history.ts';
import { chat } from './chat.ts';
import { team } from './team.ts';
import { openShiftActions } from './open-shifts.ts';
import { lookups } from './lookups.ts';
import { postings } from './postings.ts';
import { cutsAndBreaks } from './cuts-and-breaks.ts';
import { timeOff } from './time-off.ts';
import { offerMaking } from './offer-making.ts';
import { candidates } from './candidates.ts';
import { rulesScreen } from './rules.ts';

/**
 * Every part of the API beyond sign-in, the world slice, claims and combining (server/api-routes.ts): one
 * module per part, each listing its calls as data (the calendar's reads in server/reads). The app registers them and
 * the OpenAPI document describes them from this list.
 */
export const FEATURES = [calendarReads, offerActions, history, chat, team, openShiftActions, lookups, postings, cutsAndBreaks, timeOff, offerMaking, candidates, rulesScreen] as const satisfies readonly Feature[];
