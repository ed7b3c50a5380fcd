import { useStore } from '@nanostores/react';
import type { WhiteLabel } from '../../lib/api/system';
import { activeMenuKey, buildMenu } from '../../lib/rules/routes';
import { Icon } from '../../components/Icon';
import { Tooltip } from '../../components/Tooltip';
import { $sidebar } from '../../stores/preferences';
import { $session } from '../../stores/session';
import { companyLogo } from '../../stores/company-settings-styles';
import { AccountManagerCard } from './AccountManagerCard';

/** The left menu: the pages this viewer may open, the Knowledge Base link, and the account manager. */
export function Sidebar({ whiteLabel, pathname }: { whiteLabel: WhiteLabel; pathname: string }) {
  const sidebar = useStore($sidebar);
  // A drawer always shows labels; only the desktop column collapses to icons.
  const collapsed = !sidebar.drawer && !sidebar.expanded;
  const { user } = useStore($session);
  const items = user ? buildMenu({ permissions: user.company.permissions, isCustomer: user.is_customer }, whiteLabel.knowledge_base_url) : [];
  const active = activeMenuKey(pathname);
  // A partner company's own logo (Partner Details) stands in for the provider's.
  const logo = companyLogo(user?.company.white_label) ?? (collapsed ? (whiteLabel.icon_logo ?? whiteLabel.logo) : whiteLabel.logo);

  return (
    <aside className="sidebar" id="sidebar" aria-label="Sidebar" data-collapsed={collapsed ? 'true' : 'false'} {...(sidebar.drawer && !sidebar.expanded ? { inert: true } : {})}>
      <a className="sidebar-logo" href="/">
        {logo ? (
          <img src={logo} alt={`${whiteLabel.name} home`} />
        ) : (
          <span className="logo-text">
            <span className="logo-mark" aria-hidden="true">
              {whiteLabel.name.slice(0, 1)}
            </span>
            <span className={collapsed ? 'visually-hidden' : 'logo-name'}>{whiteLabel.name}</span>
          </span>
        )}
      </a>
      <nav aria-label="Main menu" className="sidebar-nav">
        <ul>
          {items.map((item) => {
            const current = !item.external && item.key === active;
            return (
              <li key={item.key || 'dashboard'}>
                <Tooltip content={item.label} placement="right" disabled={!collapsed}>
                  <a
                    href={item.href}
                    className={`nav-link${current ? ' is-active' : ''}`}
                    {...(current ? { 'aria-current': 'page' as const } : {})}
                    {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  >
                    <Icon name={item.icon} size={20} />
                    <span className={collapsed ? 'visually-hidden' : 'nav-label'}>{item.label}</span>
                    {item.external && !collapsed ? <Icon name="external" size={14} className="nav-external" /> : null}
                    {item.external ? <span className="visually-hidden"> (opens in a new window)</span> : null}
                  </a>
                </Tooltip>
              </li>
            );
          })}
        </ul>
      </nav>
      {collapsed || !user ? null : <AccountManagerCard user={user} whiteLabel={whiteLabel} />}
    </aside>
  );
}
