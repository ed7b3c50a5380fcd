import { useEffect, useRef, type ReactNode } from 'react';
import { Popover as ArkPopover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { openAsAsked, type OpenedBy } from './deferred';
import { Icon } from '../Icon';
import { ScrollBox } from '../ScrollBox';
import '../../styles/overlays.css';

export interface PopoverProps {
  /** The trigger's content; give it readable text or `triggerLabel`. */
  trigger: ReactNode;
  triggerLabel?: string;
  triggerClassName?: string;
  /** Heading of the panel; it also names the dialog for assistive tech. */
  title: string;
  /** Controls beside the title (e.g. 'Mark all read'). */
  actions?: ReactNode;
  children: ReactNode;
  /** Under the scrolling body, e.g. a link to the full list. */
  footer?: ReactNode;
  onOpenChange?: (open: boolean) => void;
  placement?: 'bottom-start' | 'bottom-end';
}

/**
 * Ark's popover behind ../Popover.tsx. `openWith`: it replaces a trigger the person just
 * clicked, so it takes the focus and opens as that click would have (a popover opens the
 * same way from a key).
 */
export function Popover({
  trigger,
  triggerLabel,
  triggerClassName = 'icon-button',
  title,
  actions,
  children,
  footer,
  onOpenChange,
  placement = 'bottom-end',
  openWith,
}: PopoverProps & { openWith?: OpenedBy }) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => openAsAsked(triggerRef.current, openWith), [openWith]);
  return (
    <ArkPopover.Root lazyMount unmountOnExit positioning={{ placement, gutter: 6 }} onOpenChange={(details) => onOpenChange?.(details.open)}>
      <ArkPopover.Trigger ref={triggerRef} className={triggerClassName} {...(triggerLabel ? { 'aria-label': triggerLabel } : {})}>
        {trigger}
      </ArkPopover.Trigger>
      <Portal>
        <ArkPopover.Positioner>
          {/* Named explicitly: Ark links the title only when it sees it at mount, which lazyMount defeats. */}
          <ArkPopover.Content className="popover" aria-label={title}>
            <div className="popover-header">
              <ArkPopover.Title className="popover-title">{title}</ArkPopover.Title>
              {actions}
              <ArkPopover.CloseTrigger className="icon-button" aria-label="Close">
                <Icon name="close" size={16} />
              </ArkPopover.CloseTrigger>
            </div>
            {/* The body scrolls on its own, so it takes focus for keyboard scrolling. */}
            <ScrollBox className="popover-body" label={title}>
              {children}
            </ScrollBox>
            {footer ? <div className="popover-footer">{footer}</div> : null}
          </ArkPopover.Content>
        </ArkPopover.Positioner>
      </Portal>
    </ArkPopover.Root>
  );
}
