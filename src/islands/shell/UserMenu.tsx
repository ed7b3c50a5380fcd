import { useStore } from '@nanostores/react';
import { Icon } from '../../components/Icon';
import { Menu, MenuAction, MenuGroup, MenuLink, MenuSeparator } from '../../components/Menu';
import { $preferences, setTimeZone } from '../../stores/preferences';
import { $permissions, can } from '../../stores/permissions';
import { $session } from '../../stores/session';
import { openWizard } from '../../stores/getting-started';

/**
 * Name, company (staff only, with the partner badge), the companies to switch to, Profile,
 * the clock times are shown on (UTC as the spec says, or the viewer's own) and Log Out
 * (spec part 1, 2.4).
 */
export function UserMenu() {
  const { user } = useStore($session);
  const permissions = useStore($permissions);
  const { timeZone } = useStore($preferences);
  if (!user) return null;
  const staff = !user.is_customer;
  const canSwitch = staff && can('can_switch_companies', permissions);
  const name = `${user.first_name} ${user.last_name}`.trim();

  return (
    <Menu
      triggerClassName="user-trigger"
      trigger={
        <>
          <span className="avatar" aria-hidden="true">
            {(user.first_name.slice(0, 1) + user.last_name.slice(0, 1)).toUpperCase()}
          </span>
          <span className="user-text">
            <span className="user-name">{name}</span>
            {staff ? (
              <span className="user-company">
                {user.company.name}
                {user.company.is_partner ? <span className="badge badge-partner">Partner</span> : null}
              </span>
            ) : null}
          </span>
          <Icon name="chevronDown" size={16} />
        </>
      }
    >
      {canSwitch && user.company_list.length > 0 ? (
        <>
          <MenuGroup label="Companies">
            {user.company_list.map((company) => (
              <MenuLink key={company.guid} value={`company-${company.guid}`} href={`/account/select-company/${company.guid}`}>
                {company.name}
                {company.guid === user.company.guid ? <Icon name="check" size={14} label="Active company" /> : null}
              </MenuLink>
            ))}
          </MenuGroup>
          <MenuSeparator />
        </>
      ) : null}
      {staff ? (
        <MenuAction value="getting-started" onSelect={() => void openWizard()}>
          <Icon name="check" size={16} />
          Getting Started Wizard
        </MenuAction>
      ) : null}
      {staff ? (
        <MenuLink value="profile" href="/account/profile">
          <Icon name="user" size={16} />
          Profile
        </MenuLink>
      ) : null}
      <MenuAction value="time-zone" onSelect={() => setTimeZone(timeZone === 'utc' ? 'local' : 'utc')}>
        <Icon name="clock" size={16} />
        {timeZone === 'utc' ? 'Show times in my time zone' : 'Show times in UTC'}
      </MenuAction>
      <MenuLink value="logout" href="/auth/logout">
        <Icon name="logout" size={16} />
        Log Out
      </MenuLink>
    </Menu>
  );
}
