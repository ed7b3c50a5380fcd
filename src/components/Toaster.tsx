import { useEffect, useRef } from 'react';
import { mountToasts } from './toasts/toast-region';

/** Where the signed-in shell's toasts appear: the same plain-DOM region the public pages use. */
export function Toaster() {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => (region.current ? mountToasts(region.current) : undefined), []);
  return <div className="toast-region" ref={region} />;
}
