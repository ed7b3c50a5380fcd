import { lazy, type ReactNode } from 'react';
import { once, useDeferredParts } from './overlays/deferred';
import type { MenuProps } from './overlays/MenuParts';

export type { MenuProps } from './overlays/MenuParts';

const loadParts = once(() => import('./overlays/MenuParts'));

/**
 * A dropdown menu of actions and links, with arrow-key navigation and type-ahead. Until it is
 * first opened it is its trigger alone (a button that says it opens a menu); then Ark's menu
 * takes over, opened as the click or key asked.
 */
export function Menu(props: MenuProps) {
  const { parts, openedBy, triggerProps } = useDeferredParts(loadParts);
  if (parts) return <parts.Menu {...props} openWith={openedBy} />;
  const { trigger, triggerLabel, triggerClassName = 'menu-trigger' } = props;
  return (
    <button type="button" className={triggerClassName} {...(triggerLabel ? { 'aria-label': triggerLabel } : {})} {...triggerProps('menu')}>
      {trigger}
    </button>
  );
}

// The entries render only inside an open menu, by which time their code is loaded.
const Link = lazy(() => loadParts().then((m) => ({ default: m.MenuLink })));
const Action = lazy(() => loadParts().then((m) => ({ default: m.MenuAction })));
const Group = lazy(() => loadParts().then((m) => ({ default: m.MenuGroup })));
const Separator = lazy(() => loadParts().then((m) => ({ default: m.MenuSeparator })));

/** A menu entry that is a plain link, so it loads another page. */
export const MenuLink = (props: { value: string; href: string; children: ReactNode }) => <Link {...props} />;
/** A menu entry that does something on this page. */
export const MenuAction = (props: { value: string; onSelect: () => void; children: ReactNode }) => <Action {...props} />;
export const MenuGroup = (props: { label: string; children: ReactNode }) => <Group {...props} />;
export const MenuSeparator = () => <Separator />;
