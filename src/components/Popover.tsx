import { once, useDeferredParts } from './overlays/deferred';
import type { PopoverProps } from './overlays/PopoverParts';

export type { PopoverProps } from './overlays/PopoverParts';

const loadParts = once(() => import('./overlays/PopoverParts'));

/**
 * A non-modal panel anchored to its trigger: Escape and a click outside close it, focus
 * returns to the trigger. Until it is first opened it is its trigger alone; then Ark's
 * popover takes over, opened as the click asked.
 */
export function Popover(props: PopoverProps) {
  const { parts, triggerProps } = useDeferredParts(loadParts);
  if (parts) return <parts.Popover {...props} openWith="pointer" />;
  const { trigger, triggerLabel, triggerClassName = 'icon-button' } = props;
  return (
    <button type="button" className={triggerClassName} {...(triggerLabel ? { 'aria-label': triggerLabel } : {})} {...triggerProps('dialog')}>
      {trigger}
    </button>
  );
}
