import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Toast, Toaster as ArkToaster, createToaster } from '@ark-ui/react/toast';
import { $toasts, dismissToast } from '../stores/toasts';
import { Icon } from './Icon';
import '../styles/toasts.css';

const toaster = createToaster({ placement: 'top-end', overlap: false, gap: 12, max: 6 });

const ICONS: Record<string, string> = { success: 'check', error: 'warning', info: 'info' };

/** Shows the toasts of the `$toasts` store; a toast leaves the store once it is gone from screen. Loaded by ./Toaster.tsx. */
export function ToastStack() {
  const items = useStore($toasts);
  const shown = useRef(new Set<string>());
  // Ark's toast group starts listening to its store a tick after mounting; toasts created
  // before that (those carried over from the previous page) would never appear.
  const [listening, setListening] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setListening(true));
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!listening) return;
    for (const item of items) {
      if (shown.current.has(item.id)) continue;
      shown.current.add(item.id);
      toaster.create({
        id: item.id,
        type: item.type,
        description: item.message,
        duration: item.duration,
        closable: true,
        onStatusChange: ({ status }) => {
          if (status === 'unmounted') {
            shown.current.delete(item.id);
            dismissToast(item.id);
          }
        },
      });
    }
  }, [items, listening]);

  return (
    <ArkToaster toaster={toaster}>
      {(toast) => (
        <Toast.Root key={toast.id} className={`toast toast-${toast.type ?? 'info'}`}>
          <Icon name={ICONS[toast.type ?? 'info'] ?? 'info'} className="toast-icon" />
          <Toast.Description className="toast-message">{toast.description}</Toast.Description>
          <Toast.CloseTrigger className="icon-button toast-close" aria-label="Dismiss">
            <Icon name="close" size={16} />
          </Toast.CloseTrigger>
        </Toast.Root>
      )}
    </ArkToaster>
  );
}
