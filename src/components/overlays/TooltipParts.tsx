import type { ReactNode } from 'react';
import { Tooltip as ArkTooltip } from '@ark-ui/react/tooltip';
import { Portal } from '@ark-ui/react/portal';
import '../../styles/overlays.css';

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element; it becomes the trigger. */
  children: ReactNode;
  placement?: 'top' | 'right' | 'bottom' | 'left';
  disabled?: boolean;
}

/** Ark's tooltip behind ../Tooltip.tsx; `openOnMount` when the pointer or the focus is already on its element. */
export function Tooltip({ content, children, placement = 'top', disabled, openOnMount = false }: TooltipProps & { openOnMount?: boolean }) {
  return (
    <ArkTooltip.Root lazyMount unmountOnExit defaultOpen={openOnMount} openDelay={300} closeDelay={100} positioning={{ placement }} disabled={disabled ?? false}>
      <ArkTooltip.Trigger asChild>{children}</ArkTooltip.Trigger>
      <Portal>
        <ArkTooltip.Positioner>
          <ArkTooltip.Content className="tooltip">{content}</ArkTooltip.Content>
        </ArkTooltip.Positioner>
      </Portal>
    </ArkTooltip.Root>
  );
}
