import type { RouteDef } from '../../routes.ts';

export const chatRoutes: RouteDef[] = [];
