import type { RouteDef } from '../../routes.ts';

export const attendanceRoutes: RouteDef[] = [];
