import type { Locator } from '@playwright/test';
import { expect } from './support';

// Picking in a MultiPicker (src/components/MultiPicker.tsx), as a person does: by mouse or by keyboard alone.

/** The picker's text box. */
const boxOf = (dialog: Locator, picker: string) => dialog.getByRole('combobox', { name: picker, exact: true });

/** An option of this picker's own list (the one its box controls), not a like-named one elsewhere on the page. */
async function optionOf(dialog: Locator, picker: string, option: string): Promise<Locator> {
  const list = await boxOf(dialog, picker).getAttribute('aria-controls');
  return dialog.page().locator(`[id="${list}"]`).getByRole('option', { name: option, exact: true });
}

/** After a pick the list stays open for more (a multi-select); Escape closes it and leaves the dialog open. */
async function closeList(dialog: Locator, picker: string, choice: Locator) {
  await expect(choice).toHaveAttribute('aria-selected', 'true');
  await boxOf(dialog, picker).press('Escape');
  await expect(choice).toBeHidden();
  await expect(dialog).toBeVisible();
}

/** Picks a choice of a picker with the mouse: open the list, click the option. */
export async function pickByClick(dialog: Locator, picker: string, option: string) {
  await boxOf(dialog, picker).click();
  const choice = await optionOf(dialog, picker, option);
  await choice.click();
  await expect(dialog.getByRole('button', { name: `Remove ${option}`, exact: true })).toBeVisible();
  await closeList(dialog, picker, choice);
}

/** Picks a choice by keyboard alone: type to narrow the list, arrow down to it, Enter. */
export async function pickByKeyboard(dialog: Locator, picker: string, typed: string, option: string) {
  const box = boxOf(dialog, picker);
  await box.focus();
  await box.pressSequentially(typed);
  const choice = await optionOf(dialog, picker, option);
  await expect(choice).toBeVisible();
  // Arrow down to it: other tests' rules may match the typed text too.
  for (let moves = 0; moves < 20 && (await choice.getAttribute('data-highlighted')) === null; moves++) await box.press('ArrowDown');
  await expect(choice).toHaveAttribute('data-highlighted', '');
  await box.press('Enter');
  await expect(dialog.getByRole('button', { name: `Remove ${option}`, exact: true })).toBeVisible();
  await closeList(dialog, picker, choice);
}
