import type { RouteDef } from '../../routes.ts';

export const openShiftsRoutes: RouteDef[] = [];
