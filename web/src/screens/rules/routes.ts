import { lazyScreen, type RouteDef } from '../../routes.ts';

export const rulesRoutes: RouteDef[] = [{ name: 'rules', path: '/rules', screen: lazyScreen(async () => (await import('./rules.tsx')).RulesScreen) }];
