import { useStore } from '@nanostores/react';
import type { Notification } from '../../lib/api/notices';
import { DateTime } from '../../components/DateTime';
import { DataTable, type Column } from '../../components/DataTable';
import { Icon } from '../../components/Icon';
import { $tabUnseen, markAllReadFromTab, notificationsTab } from '../../stores/notifications-tab';
import { TYPE_LOOK } from './NotificationItem';
import '../../styles/notices.css';

const COLUMNS: Column<Notification>[] = [
  {
    key: 'type',
    header: 'Type',
    cell: (item) => {
      const look = TYPE_LOOK[item.notification_type] ?? TYPE_LOOK.INFO;
      return (
        <span className={`type-cell ${look.tone}`}>
          <Icon name={look.icon} size={18} />
          {look.label}
        </span>
      );
    },
  },
  { key: 'message', header: 'Message', cell: (item) => item.message },
  { key: 'date', header: 'Date', cell: (item) => <DateTime value={item.date_created} relative /> },
  { key: 'status', header: 'Status', cell: (item) => (item.seen ? 'Seen' : <span className="badge badge-unseen">New</span>) },
];

/**
 * The account area's Notifications tab: every notification of the viewer in this company
 * and user-wide, newest first, with its type, message, date and seen state.
 */
export function NotificationsTab() {
  const { loading, page, perPage, answer } = useStore(notificationsTab.$list);
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
      <DataTable
        caption="Notifications"
        columns={COLUMNS}
        rows={answer?.data ?? []}
        rowKey={(item) => item.guid}
        rowClassName={(item) => (item.seen ? undefined : 'is-unseen')}
        loading={loading}
        empty="No notifications yet."
        page={page}
        perPage={perPage}
        total={answer?.total ?? 0}
        onPageChange={(p) => void notificationsTab.load(p)}
        onPerPageChange={notificationsTab.setPageSize}
      />
    </section>
  );
}
