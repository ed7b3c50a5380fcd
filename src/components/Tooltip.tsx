import { useEffect, useRef } from 'react';
import { once, useDeferredParts } from './overlays/deferred';
import type { TooltipProps } from './overlays/TooltipParts';

export type { TooltipProps } from './overlays/TooltipParts';

const loadParts = once(() => import('./overlays/TooltipParts'));

/**
 * A short hint on hover and keyboard focus. Its code loads the first time the pointer or the
 * focus reaches the element; a disabled tooltip never loads it.
 */
export function Tooltip(props: TooltipProps) {
  const { parts, want } = useDeferredParts(loadParts);
  const box = useRef<HTMLSpanElement>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    // The element is rendered anew inside Ark's trigger: give the focus back if it had it.
    if (parts && hadFocus.current) box.current?.querySelector<HTMLElement>('a, button, [tabindex]')?.focus();
  }, [parts]);
  if (parts) {
    return (
      <span ref={box} className="tooltip-anchor">
        <parts.Tooltip {...props} openOnMount />
      </span>
    );
  }
  const reach = (focus: boolean) => () => {
    if (props.disabled) return;
    hadFocus.current = focus;
    want(focus ? 'keyboard' : 'pointer');
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the anchor only hears the pointer and the focus reach its child, the real trigger, to load the tooltip's code.
    <span ref={box} className="tooltip-anchor" onPointerEnter={reach(false)} onFocus={reach(true)}>
      {props.children}
    </span>
  );
}
