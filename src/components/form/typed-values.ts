import { useEffect, type RefObject } from 'react';
import { typedValues } from './field-values';

/** Kept apart from React (./field-values.ts) so the sign-in page's plain script reads fields the same way. */
export { typedValues };

/**
 * Takes into the form's state what was typed into the server-rendered fields before the
 * page's script ran (a slow connection, a browser's autofill); without it the first render
 * after hydration would empty them. `adopt` gets each non-empty field once, on mount.
 */
export function useTypedBeforeHydration(form: RefObject<HTMLFormElement | null>, adopt: (name: string, value: string) => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for what the page held when the script arrived.
  useEffect(() => {
    if (!form.current) return;
    for (const [name, value] of Object.entries(typedValues(form.current))) if (value !== '') adopt(name, value);
  }, []);
}
