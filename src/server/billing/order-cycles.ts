import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { billingCycles } from '../db/schema/index';

/**
 * The billing cycles an order type offers and how its options call spells them (spec part 3,
 * 3 "Billing cycle": name, months and its 'N% off'); IP address and shared hosting orders.
 */

export type CycleRow = typeof billingCycles.$inferSelect;

/** The order type's cycles, in the provider's order. */
export const cyclesOf = (db: Db, orderType: string): Promise<CycleRow[]> =>
  db.select().from(billingCycles).where(eq(billingCycles.orderType, orderType)).orderBy(asc(billingCycles.position));

/** One cycle as the order options answer it. */
export const cycleOption = (b: Pick<CycleRow, 'name' | 'months' | 'discountPercentage'>) => ({
  name: b.name,
  value: b.months,
  discount: b.discountPercentage ? { discount_type: 'PERCENTAGE' as const, percentage_value: b.discountPercentage } : null,
});
