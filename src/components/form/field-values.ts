type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isField = (el: Element): el is Field => el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;

/**
 * The form's named text values as they are in the page now: what was typed, pasted or
 * autofilled, whether or not the script was running then. A submit reads these, so the page
 * never answers 'Please enter...' about a field that shows text.
 */
export function typedValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const el of Array.from(form.elements)) {
    if (!isField(el) || !el.name || el.disabled) continue;
    if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio' || el.type === 'file')) continue;
    // A combobox's text is what it shows (a country's name), not the value it holds (the code).
    if (el.getAttribute('role') === 'combobox' && !(el instanceof HTMLSelectElement)) continue;
    values[el.name] = el.value;
  }
  return values;
}
