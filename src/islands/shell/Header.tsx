import { useStore } from '@nanostores/react';
import { Icon } from '../../components/Icon';
import { $preferences, $sidebar, setDarkMode, toggleSidebar } from '../../stores/preferences';
import { SearchDrawer } from './SearchDrawer';
import { UserMenu } from './UserMenu';
import { NotificationBell } from '../notifications/NotificationBell';

/** The top bar: sidebar toggle, global search, dark mode and the user menu. */
export function Header() {
  const { darkMode } = useStore($preferences);
  const { expanded } = useStore($sidebar);
  return (
    <header className="topbar">
      <button
        type="button"
        className="icon-button sidebar-toggle"
        aria-label={expanded ? 'Collapse sidebar' : 'Expand sidebar'}
        aria-controls="sidebar"
        aria-expanded={expanded}
        onClick={toggleSidebar}
      >
        <Icon name={expanded ? 'collapse' : 'expand'} size={20} />
      </button>
      <SearchDrawer />
      <span className="topbar-spacer" />
      <button type="button" className="icon-button" aria-label="Dark mode" aria-pressed={darkMode} onClick={() => setDarkMode(!darkMode)}>
        <Icon name={darkMode ? 'sun' : 'moon'} size={20} />
      </button>
      <NotificationBell />
      <UserMenu />
    </header>
  );
}
