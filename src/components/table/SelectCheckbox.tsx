import { useEffect, useRef, type ChangeEvent } from 'react';

export interface SelectCheckboxProps {
  /** Read by screen readers, e.g. 'Select 192.0.2.7'. */
  label: string;
  checked: boolean;
  /** Some, not all, rows are selected (the header's select-all box). */
  indeterminate?: boolean;
  disabled?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * A native checkbox for a table's selection column: small enough for a cell, announced with
 * its own label, and passing the change event on, so TanStack sees Shift for range selection.
 */
export function SelectCheckbox({ label, checked, indeterminate = false, disabled = false, onChange }: SelectCheckboxProps) {
  const box = useRef<HTMLInputElement>(null);
  // `indeterminate` exists only as a DOM property, not as an attribute React could render.
  useEffect(() => {
    if (box.current) box.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return <input ref={box} type="checkbox" className="table-check" aria-label={label} checked={checked} disabled={disabled} onChange={onChange} />;
}
