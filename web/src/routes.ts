import type { DateTime } from 'luxon';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { fromApi } from './time.ts';

/** What a screen receives: the named segments of its path (/combine/{date} gives { date }). */
export interface ScreenProps {
  params: Record<string, string>;
}

export interface RouteDef {
  /** The spec's route name (spec 1 section 2). */
  name: string;
  /** With named segments: /combine/:date. */
  path: string;
  screen: LazyExoticComponent<ComponentType<ScreenProps>>;
}

/** A screen loaded when first visited, so the first page does not carry every screen's code. */
export function lazyScreen(load: () => Promise<ComponentType<ScreenProps>>): LazyExoticComponent<ComponentType<ScreenProps>> {
  return lazy(async () => ({ default: await load() }));
}

/**
 * The calendar open on the day of an instant (as the API writes it) or a day: where a screen that
 * acted on a day's shift returns the person, so they need not find the day again.
 */
export function calendarOn(when: string | DateTime | null): string {
  const day = when === null ? null : typeof when === 'string' ? fromApi(when).toISODate() : when.toISODate();
  return day ? `/calendar?date=${day}` : '/calendar';
}
