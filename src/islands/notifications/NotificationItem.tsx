import type { Notification, NotificationType } from '../../lib/api/notices';
import { DateTime } from '../../components/DateTime';
import { Icon } from '../../components/Icon';
import '../../styles/notices.css';

/** Icon, colour class and spoken name per notification type (spec part 1, 2.7). */
export const TYPE_LOOK: Record<NotificationType, { icon: string; tone: string; label: string }> = {
  SUCCESS: { icon: 'checkCircle', tone: 'tone-success', label: 'Success' },
  INFO: { icon: 'info', tone: 'tone-info', label: 'Information' },
  WARNING: { icon: 'warning', tone: 'tone-warning', label: 'Warning' },
  ERROR: { icon: 'errorCircle', tone: 'tone-error', label: 'Error' },
};

const lookOf = (type: string) => TYPE_LOOK[type as NotificationType] ?? TYPE_LOOK.INFO;

/** One notification: type icon in its colour, message, date, and whether it is new. */
export function NotificationItem({ item }: { item: Notification }) {
  const look = lookOf(item.notification_type);
  return (
    <div className={`notification${item.seen ? '' : ' is-unseen'}`}>
      <Icon name={look.icon} size={20} className={`notification-icon ${look.tone}`} label={look.label} />
      <div className="notification-text">
        <p className="notification-message">{item.message}</p>
        <p className="notification-meta">
          <DateTime value={item.date_created} relative />
          {item.seen ? null : <span className="badge badge-unseen">New</span>}
        </p>
      </div>
    </div>
  );
}
