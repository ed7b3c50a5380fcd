import { useStore } from '@nanostores/react';
import { Icon } from '../../components/Icon';
import { $preferences, setDarkMode, setSidebarCollapsed } from '../../stores/preferences';
import { SearchDrawer } from './SearchDrawer';
import { UserMenu } from './UserMenu';
import { NotificationBell } from '../notifications/NotificationBell';

/** The top bar: sidebar toggle, global search, dark mode and the user menu. */
export function Header() {
  const { sidebarCollapsed, darkMode } = useStore($preferences);
  return (
    <header className="topbar">
      <button
        type="button"
        className="icon-button"
        aria-label={sidebarCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        aria-controls="sidebar"
        aria-expanded={!sidebarCollapsed}
        onClick={() => setSidebarCollapsed(!sidebarCollapsed)}
      >
        <Icon name={sidebarCollapsed ? 'expand' : 'collapse'} size={20} />
      </button>
      <SearchDrawer />
      <span className="topbar-spacer" />
      <button
        type="button"
        className="icon-button"
        aria-label="Dark mode"
        aria-pressed={darkMode}
        onClick={() => setDarkMode(!darkMode)}
      >
        <Icon name={darkMode ? 'sun' : 'moon'} size={20} />
      </button>
      <NotificationBell />
      <UserMenu />
    </header>
  );
}
