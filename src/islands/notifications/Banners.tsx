import { Fragment, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { Announcement } from '../../lib/api/notices';
import { Icon } from '../../components/Icon';
import { SafeHtml } from '../../components/SafeHtml';
import { $notices } from '../../stores/notices';
import { $session } from '../../stores/session';
import { TYPE_LOOK } from './NotificationItem';
import '../../styles/notices.css';

const ALERT_TYPES = new Set(['info', 'success', 'warning', 'error']);

/** The alert style from the announcement's type, lowercased (spec part 1, 2.7); unknown types show as info. */
const alertOf = (type: string) => {
  const lower = type.toLowerCase();
  return ALERT_TYPES.has(lower) ? lower : 'info';
};

function AnnouncementBanner({ item }: { item: Announcement }) {
  const style = alertOf(item.type);
  const look = TYPE_LOOK[style.toUpperCase() as keyof typeof TYPE_LOOK];
  return (
    <div className={`alert alert-${style} banner`} data-banner="announcement">
      {item.show_icon ? <Icon name={look.icon} size={20} className={`banner-icon tone-${style}`} label={look.label} /> : null}
      <div className="banner-text">
        {item.title ? <p className="banner-title">{item.title}</p> : null}
        <SafeHtml html={item.message} className="banner-html" />
      </div>
    </div>
  );
}

/** 'a, b and c' with each item a link. */
function linkList(items: { key: string; href: string; label: string }[]): ReactNode {
  return items.map((item, i) => (
    <Fragment key={item.key}>
      {i === 0 ? '' : i === items.length - 1 ? ' and ' : ', '}
      <a href={item.href}>{item.label}</a>
    </Fragment>
  ));
}

/**
 * Banners above the page body (spec part 1, 2.7): announcements, issue notices, overdue
 * invoices and suspended hosting accounts. Customers get the issue notices only; the store
 * does not even load the rest for them.
 */
export function Banners() {
  const { user } = useStore($session);
  const { announcements, issues, overdue, suspended } = useStore($notices);
  if (!user) return null;
  const staff = !user.is_customer;
  const shown = issues.length + (staff ? announcements.length + (overdue.length ? 1 : 0) + (suspended.length ? 1 : 0) : 0);
  if (shown === 0) return null;

  return (
    <section className="banners" aria-label="Announcements and notices">
      {staff ? announcements.map((item) => <AnnouncementBanner key={item.guid} item={item} />) : null}
      {issues.map((item) => (
        <div key={item.guid} className="alert alert-warning banner" data-banner="issue">
          <Icon name="warning" size={20} className="banner-icon tone-warning" label="Service issue" />
          <SafeHtml html={item.message} className="banner-text banner-html" />
        </div>
      ))}
      {staff && overdue.length > 0 ? (
        <div className="alert alert-error banner" data-banner="overdue">
          <Icon name="receipt" size={20} className="banner-icon tone-error" />
          <p className="banner-text">
            {overdue.length === 1 ? 'You have an overdue invoice: ' : 'You have overdue invoices: '}
            {linkList(overdue.map((id) => ({ key: String(id), href: `/billing/invoices/${id}`, label: `Invoice #${id}` })))}. Please pay{' '}
            {overdue.length === 1 ? 'it' : 'them'} to keep your services running.
          </p>
        </div>
      ) : null}
      {staff && suspended.length > 0 ? (
        <div className="alert alert-error banner" data-banner="suspended">
          <Icon name="server" size={20} className="banner-icon tone-error" />
          <p className="banner-text">
            {suspended.length === 1 ? 'This hosting account is suspended: ' : 'These hosting accounts are suspended: '}
            {linkList(suspended.map((h) => ({ key: h.guid, href: `/hosting/${h.guid}`, label: h.name })))}. Pay the overdue invoices or contact support to
            reactivate {suspended.length === 1 ? 'it' : 'them'}.
          </p>
        </div>
      ) : null}
    </section>
  );
}
