import type { RouteDef } from '../../routes.ts';

export const calendarRoutes: RouteDef[] = [];
