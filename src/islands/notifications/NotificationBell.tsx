import { useStore } from '@nanostores/react';
import { Icon } from '../../components/Icon';
import { Popover } from '../../components/Popover';
import { $notices, markAllRead, reloadBell } from '../../stores/notices';
import { $session } from '../../stores/session';
import { NotificationItem } from './NotificationItem';

/** The header's bell: the unseen count, and the latest notifications in a popover. Not for customers. */
export function NotificationBell() {
  const { user } = useStore($session);
  const { notifications, unseen, loadingNotifications } = useStore($notices);
  if (!user || user.is_customer) return null;
  const count = unseen > 99 ? '99+' : String(unseen);

  return (
    <Popover
      triggerClassName="icon-button bell-trigger"
      triggerLabel={unseen > 0 ? `Notifications, ${unseen} unread` : 'Notifications'}
      trigger={
        <>
          <Icon name="bell" size={20} />
          {unseen > 0 ? (
            <span className="bell-count" aria-hidden="true" data-testid="bell-count">
              {count}
            </span>
          ) : null}
        </>
      }
      title="Notifications"
      footer={<a href="/account/notifications">All notifications</a>}
      onOpenChange={(open) => {
        if (open) void reloadBell();
      }}
      actions={
        <button type="button" className="button button-small" onClick={() => void markAllRead()} disabled={unseen === 0}>
          Mark all read
        </button>
      }
    >
      {loadingNotifications && notifications.length === 0 ? (
        <p className="muted" role="status">
          Loading...
        </p>
      ) : null}
      {!loadingNotifications && notifications.length === 0 ? <p className="muted">No notifications yet.</p> : null}
      {notifications.length > 0 ? (
        <ul className="notification-list" aria-label="Latest notifications" aria-busy={loadingNotifications}>
          {notifications.map((item) => (
            <li key={item.guid}>
              <NotificationItem item={item} />
            </li>
          ))}
        </ul>
      ) : null}
    </Popover>
  );
}
