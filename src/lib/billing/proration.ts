/**
 * What adding website slots costs today (spec part 3, 9): "Slot upgrade due today = (whole
 * months to renewal x slot cost + (remaining days + 1) x slot cost / 30) x added slots;
 * proration uses a 30-day month." Shared by the Modify Website Slots dialog, the server's
 * SLOT_UPGRADE invoice and the CLI.
 *
 * How the dates are read (docs/decisions.md "Pricing and money"):
 * - Dates are UTC calendar days; the time of day does not count.
 * - Whole months count back from the renewal date, the anchor of the billing cycle: the most
 *   months m with renewal - m months still on or after today (a day the month lacks becomes its
 *   last day, so Mar 31 - 1 month = Feb 28). The remaining days run from today to that date.
 * - "+ 1" counts today itself. The day part is capped at 30 days, so a partial month never
 *   costs more than a whole one (today Mar 1, renewal Mar 31: 30 remaining days, charged 30).
 * - A renewal today charges one day; a renewal already past counts as today.
 * - The result is rounded once, half away from zero (money.ts), after multiplying by the slots.
 */
import { addUtcMonths, utcDayNumber } from './calendar';
import { divideRounded } from './money';

/** "proration uses a 30-day month". */
export const PRORATION_DAYS_PER_MONTH = 30;

export interface SlotUpgrade {
  today: Date;
  /** The order's renewal date (the address's order.renewal_date). */
  renewal: Date;
  /** Monthly cost of one extra slot, in cents. */
  slotCostCents: number;
  /** Slots added; 0 for a downgrade, which waits for the end of the cycle and costs nothing now. */
  addedSlots: number;
}

export interface SlotUpgradeDue {
  whole_months: number;
  remaining_days: number;
  /** Days charged beside the whole months: remaining days + 1, at most 30. */
  charged_days: number;
  due_today: number;
}

/** Whole months and remaining days from today to the renewal date, as read above. */
export function timeToRenewal(today: Date, renewal: Date): { wholeMonths: number; remainingDays: number } {
  const todayDay = utcDayNumber(today);
  if (utcDayNumber(renewal) <= todayDay) return { wholeMonths: 0, remainingDays: 0 };
  let wholeMonths = 0;
  while (utcDayNumber(addUtcMonths(renewal, -(wholeMonths + 1))) >= todayDay) wholeMonths++;
  return { wholeMonths, remainingDays: utcDayNumber(addUtcMonths(renewal, -wholeMonths)) - todayDay };
}

export function slotUpgradeDueToday(upgrade: SlotUpgrade): SlotUpgradeDue {
  const { slotCostCents, addedSlots } = upgrade;
  if (!Number.isSafeInteger(slotCostCents) || slotCostCents < 0) throw new RangeError(`A slot cost is cents from 0: ${slotCostCents}`);
  if (!Number.isInteger(addedSlots) || addedSlots < 0) throw new RangeError(`Added slots are a whole number from 0: ${addedSlots}`);
  return prorateChange({ today: upgrade.today, renewal: upgrade.renewal, monthlyIncreaseCents: slotCostCents * addedSlots });
}

export interface ProratedChange {
  today: Date;
  /** The renewal date of the order the change belongs to. */
  renewal: Date;
  /** How much more a month costs after the change, in cents (slots x slot cost, new plan - current plan). */
  monthlyIncreaseCents: number;
}

/**
 * What a change that raises a monthly cost costs today, up to the renewal date: (whole months x
 * increase + (remaining days + 1) x increase / 30), read as above. The one proration of the
 * product (spec part 3, 9 for website slots; spec part 3, 4 "Plan change wizard" names the
 * hosting plan's prorated 'Due today' without a formula, so it follows the same rule): the
 * Modify Website Slots dialog, the plan change wizard's preview, the server's SLOT_UPGRADE and
 * PLAN_CHANGE invoices and the CLI all call it. An increase of 0 or less (a downgrade, which
 * waits for the renewal) costs nothing now.
 */
export function prorateChange(change: ProratedChange): SlotUpgradeDue {
  const increase = change.monthlyIncreaseCents;
  if (!Number.isSafeInteger(increase)) throw new RangeError(`A monthly increase is whole cents: ${increase}`);
  const { wholeMonths, remainingDays } = timeToRenewal(change.today, change.renewal);
  const chargedDays = Math.min(remainingDays + 1, PRORATION_DAYS_PER_MONTH);
  if (increase <= 0) return { whole_months: wholeMonths, remaining_days: remainingDays, charged_days: chargedDays, due_today: 0 };
  // m x cost + days x cost / 30 = (m x 30 + days) x cost / 30: one division, one rounding.
  const days = BigInt(wholeMonths * PRORATION_DAYS_PER_MONTH + chargedDays);
  const due = divideRounded(days * BigInt(increase), BigInt(PRORATION_DAYS_PER_MONTH));
  return { whole_months: wholeMonths, remaining_days: remainingDays, charged_days: chargedDays, due_today: Number(due) };
}

/**
 * Due today for a Modify Website Slots request over several addresses (each with its own order,
 * renewal and slot cost): the sum of each address's amount, each rounded on its own as its
 * invoice line is.
 */
export function slotUpgradesDueToday(upgrades: SlotUpgrade[]): number {
  return upgrades.reduce((sum, upgrade) => sum + slotUpgradeDueToday(upgrade).due_today, 0);
}
