import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Menu as ArkMenu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { openAsAsked, type OpenedBy } from './deferred';
import '../../styles/overlays.css';

export interface MenuProps {
  /** What the trigger button shows; it needs readable text or `triggerLabel`. */
  trigger: ReactNode;
  triggerLabel?: string;
  triggerClassName?: string;
  children: ReactNode;
  placement?: 'bottom-start' | 'bottom-end';
}

/**
 * Ark's menu behind ../Menu.tsx. `openWith`: it replaces a trigger the person just used, so
 * it takes the focus and opens as that click or key would have.
 */
export function Menu({ trigger, triggerLabel, triggerClassName = 'menu-trigger', children, placement = 'bottom-end', openWith }: MenuProps & { openWith?: OpenedBy }) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => openAsAsked(triggerRef.current, openWith), [openWith]);
  return (
    <ArkMenu.Root lazyMount unmountOnExit positioning={{ placement, gutter: 6 }}>
      <ArkMenu.Trigger ref={triggerRef} className={triggerClassName} {...(triggerLabel ? { 'aria-label': triggerLabel } : {})}>
        {trigger}
      </ArkMenu.Trigger>
      <Portal>
        <ArkMenu.Positioner>
          <ArkMenu.Content className="menu">
            <Suspense fallback={null}>{children}</Suspense>
          </ArkMenu.Content>
        </ArkMenu.Positioner>
      </Portal>
    </ArkMenu.Root>
  );
}

/** A menu entry that is a plain link, so it loads another page. */
export function MenuLink({ value, href, children }: { value: string; href: string; children: ReactNode }) {
  return (
    <ArkMenu.Item value={value} asChild className="menu-item">
      <a href={href}>{children}</a>
    </ArkMenu.Item>
  );
}

/** A menu entry that does something on this page. */
export function MenuAction({ value, onSelect, children }: { value: string; onSelect: () => void; children: ReactNode }) {
  return (
    <ArkMenu.Item value={value} className="menu-item" onSelect={onSelect}>
      {children}
    </ArkMenu.Item>
  );
}

export function MenuGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ArkMenu.ItemGroup className="menu-group">
      <ArkMenu.ItemGroupLabel className="menu-group-label">{label}</ArkMenu.ItemGroupLabel>
      {children}
    </ArkMenu.ItemGroup>
  );
}

export function MenuSeparator() {
  return <ArkMenu.Separator className="menu-separator" />;
}
