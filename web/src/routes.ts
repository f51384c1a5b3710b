import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

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
 * The calendar open on a day (yyyy-MM-dd; ui/time-range.tsx's localDay of an instant): where a screen that
 * acted on a day's shift returns the person, so they need not find the day again. (No date code
 * here: this module is on the first page, which does not load luxon.)
 */
export function calendarOn(day: string | null): string {
  return day ? `/calendar?date=${day}` : '/calendar';
}
