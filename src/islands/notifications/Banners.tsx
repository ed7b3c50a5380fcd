import { Fragment, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { Announcement } from '../../lib/api/notices';
import { Icon } from '../../components/Icon';
import { SafeHtml } from '../../components/SafeHtml';
import { $notices } from '../../stores/notices';
import { $dismissedBanners, dismissBanner } from '../../stores/dismissed-banners';
import { $narrowScreen } from '../../stores/preferences';
import { $session } from '../../stores/session';
import { TYPE_LOOK } from './NotificationItem';
import '../../styles/notices.css';

const ALERT_TYPES = new Set(['info', 'success', 'warning', 'error']);

/** The alert style from the announcement's type, lowercased (spec part 1, 2.7); unknown types show as info. */
const alertOf = (type: string) => {
  const lower = type.toLowerCase();
  return ALERT_TYPES.has(lower) ? lower : 'info';
};

function DismissButton({ guid, what }: { guid: string; what: string }) {
  return (
    <button type="button" className="icon-button banner-dismiss" aria-label={`Dismiss ${what}`} onClick={() => dismissBanner(guid)}>
      <Icon name="close" size={16} />
    </button>
  );
}

function AnnouncementBanner({ item }: { item: Announcement }) {
  const style = alertOf(item.type);
  const look = TYPE_LOOK[style.toUpperCase() as keyof typeof TYPE_LOOK];
  return (
    <div className={`alert alert-${style} banner`} data-banner="announcement">
      {item.show_icon ? <Icon name={look.icon} size={18} className={`banner-icon tone-${style}`} label={look.label} /> : null}
      <div className="banner-text banner-clamp">
        {item.title ? <strong className="banner-title">{item.title}</strong> : null}
        <SafeHtml html={item.message} className="banner-html" />
      </div>
      <DismissButton guid={item.guid} what={item.title ? `announcement: ${item.title}` : 'announcement'} />
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
 * Banners above the page body (spec part 1, 2.7), in one compact region: announcements and
 * issue notices (both may be dismissed, remembered in this browser), then overdue invoices and
 * suspended hosting accounts, one line each and never dismissible. On a phone more than one
 * banner folds behind a count. Customers get the issue notices only; the store does not even
 * load the rest for them.
 */
export function Banners() {
  const { user } = useStore($session);
  const { announcements, issues, overdue, suspended } = useStore($notices);
  const dismissed = new Set(useStore($dismissedBanners));
  const narrow = useStore($narrowScreen);
  const [unfolded, setUnfolded] = useState(false);
  if (!user) return null;
  const staff = !user.is_customer;
  const shownAnnouncements = staff ? announcements.filter((a) => !dismissed.has(a.guid)) : [];
  const shownIssues = issues.filter((i) => !dismissed.has(i.guid));
  const shown = shownIssues.length + shownAnnouncements.length + (staff ? (overdue.length ? 1 : 0) + (suspended.length ? 1 : 0) : 0);
  if (shown === 0) return null;
  const folded = narrow && shown > 1 && !unfolded;

  return (
    <section className="banners" aria-label="Announcements and notices">
      {narrow && shown > 1 ? (
        <button type="button" className="button button-small banners-toggle" aria-expanded={!folded} aria-controls="banner-list" onClick={() => setUnfolded(!unfolded)}>
          <Icon name="warning" size={16} />
          {shown} notices
        </button>
      ) : null}
      <div id="banner-list" className="banner-list" hidden={folded}>
        {shownAnnouncements.map((item) => (
          <AnnouncementBanner key={item.guid} item={item} />
        ))}
        {shownIssues.map((item) => (
          <div key={item.guid} className="alert alert-warning banner" data-banner="issue">
            <Icon name="warning" size={18} className="banner-icon tone-warning" label="Service issue" />
            <SafeHtml html={item.message} className="banner-text banner-clamp banner-html" />
            <DismissButton guid={item.guid} what="service issue notice" />
          </div>
        ))}
        {staff && overdue.length > 0 ? (
          <div className="alert alert-error banner banner-one-line" data-banner="overdue">
            <Icon name="receipt" size={18} className="banner-icon tone-error" />
            <p className="banner-text">
              {overdue.length === 1 ? 'You have an overdue invoice: ' : 'You have overdue invoices: '}
              {linkList(overdue.map((id) => ({ key: String(id), href: `/billing/invoices/${id}`, label: `Invoice #${id}` })))}. Please pay {overdue.length === 1 ? 'it' : 'them'} to
              keep your services running.
            </p>
          </div>
        ) : null}
        {staff && suspended.length > 0 ? (
          <div className="alert alert-error banner banner-one-line" data-banner="suspended">
            <Icon name="server" size={18} className="banner-icon tone-error" />
            <p className="banner-text">
              {suspended.length === 1 ? 'This hosting account is suspended: ' : 'These hosting accounts are suspended: '}
              {linkList(suspended.map((h) => ({ key: h.guid, href: `/hosting/${h.guid}`, label: h.name })))}. Pay the overdue invoices or contact support to reactivate{' '}
              {suspended.length === 1 ? 'it' : 'them'}.
            </p>
          </div>
        ) : null}
      </div>
    </section>
  );
}
