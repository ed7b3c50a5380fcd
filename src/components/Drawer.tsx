import { lazy, Suspense, type ReactNode } from 'react';
import { useOverlayState } from './overlays/overlay-state';

const DrawerFrame = lazy(() => import('./overlays/OverlayFrames').then((m) => ({ default: m.DrawerFrame })));

export interface DrawerProps {
  title: ReactNode;
  children: ReactNode;
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  side?: 'right' | 'left';
  /** Where focus goes on open, e.g. the drawer's one input. */
  initialFocus?: () => HTMLElement | null;
  /** Width in px on wide screens (420 unless said); phones always get the whole window. */
  width?: number;
}

/** A modal panel sliding in from the side, with the dialog's behaviour; its code loads when it first opens. */
export function Drawer({ title, children, trigger, open, onOpenChange, side = 'right', initialFocus, width }: DrawerProps) {
  const state = useOverlayState({ open, onOpenChange, trigger });
  return (
    <>
      {state.trigger}
      {state.used ? (
        <Suspense fallback={null}>
          <DrawerFrame title={title} open={state.open} onOpenChange={state.setOpen} side={side} initialFocus={initialFocus} width={width}>
            {children}
          </DrawerFrame>
        </Suspense>
      ) : null}
    </>
  );
}
