import { useStore } from '@nanostores/react';
import type { Notification } from '../../lib/api/notices';
import { DateTime } from '../../components/DateTime';
import { Icon } from '../../components/Icon';
import { PagedTable, pagedColumnHelper } from '../../components/table';
import { $tabUnseen, markAllReadFromTab, notificationsTab } from '../../stores/notifications-tab';
import { TYPE_LOOK } from './NotificationItem';
import '../../styles/notices.css';

const column = pagedColumnHelper<Notification>();
const COLUMNS = column.columns([
  column.accessor('notification_type', {
    header: 'Type',
    cell: ({ row: { original: item } }) => {
      const look = TYPE_LOOK[item.notification_type] ?? TYPE_LOOK.INFO;
      return (
        <span className={`type-cell ${look.tone}`}>
          <Icon name={look.icon} size={18} />
          {look.label}
        </span>
      );
    },
  }),
  column.accessor('message', { header: 'Message' }),
  column.accessor('date_created', { header: 'Date', cell: ({ getValue }) => <DateTime value={getValue()} relative /> }),
  column.accessor('seen', { header: 'Status', cell: ({ getValue }) => (getValue() ? 'Seen' : <span className="badge badge-unseen">New</span>) }),
]);

const notificationId = (item: Notification) => item.guid;
const unseenRow = (item: Notification) => (item.seen ? undefined : 'is-unseen');

/**
 * The account area's Notifications tab: every notification of the viewer in this company
 * and user-wide, newest first, with its type, message, date and seen state.
 */
export function NotificationsTab() {
  const unseen = useStore($tabUnseen);

  return (
    <section className="card notifications-tab" aria-labelledby="notifications-tab-title">
      <div className="notifications-tab-head">
        <h2 id="notifications-tab-title" className="card-title">
          All notifications
        </h2>
        <span className="muted">{unseen === null ? '' : `${unseen} unread`}</span>
        <button type="button" className="button button-small" onClick={() => void markAllReadFromTab()} disabled={!unseen}>
          Mark all read
        </button>
      </div>
      <PagedTable caption="Notifications" columns={COLUMNS} list={notificationsTab} getRowId={notificationId} rowClassName={unseenRow} empty="No notifications yet." />
    </section>
  );
}
