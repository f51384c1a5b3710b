import { lazyScreen, type RouteDef } from '../../routes.ts';

export const shellRoutes: RouteDef[] = [
  { name: 'releaseNotes', path: '/releaseNotes', screen: lazyScreen(async () => (await import('../release-notes.tsx')).ReleaseNotesScreen) },
];
