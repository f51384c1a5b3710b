import type { RouteDef } from '../../routes.ts';

export const absenceRoutes: RouteDef[] = [];
