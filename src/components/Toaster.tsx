import { lazy, Suspense, useEffect, useState } from 'react';
import { $toasts } from '../stores/toasts';

const ToastStack = lazy(() => import('./ToastStack').then((m) => ({ default: m.ToastStack })));

/**
 * Where toasts appear. The toast machinery (Ark's toaster, its layers and styles) is loaded
 * when the first toast is queued, not with the page: most pages open without one, and the
 * sign-in page's script budget (issue 7) cannot carry it. A toast queued before that (or
 * carried over from the previous page) waits in `$toasts` and shows once it has loaded.
 */
export function Toaster() {
  // False on the server and at hydration alike, so the two renders agree.
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    // subscribe() calls back at once with the current toasts, so carried ones count too.
    return $toasts.subscribe((items) => {
      if (items.length > 0) setWanted(true);
    });
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  );
}
