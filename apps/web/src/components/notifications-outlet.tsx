import { lazy, Suspense, useSyncExternalStore } from 'react';
import { notificationsWanted } from './notify-error';

const Notifications = lazy(() => import('./notifications').then((m) => ({ default: m.Notifications })));

/** Where notifications show; Mantine's notifications load with the first one (notifyError). */
export function NotificationsOutlet() {
  const wanted = useSyncExternalStore(notificationsWanted.subscribe, notificationsWanted.get);
  return wanted ? (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  ) : null;
}
