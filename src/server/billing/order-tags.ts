import { and, eq } from 'drizzle-orm';
import { setOrderTagsOp } from '../../lib/api/billing';
import type { Db } from '../db/connection';
import { orders } from '../db/schema/index';
import { notFound } from '../http/errors';

/** Replaces the tags of the company's order (another company's is not found); answers the order as it is now. */
export async function setOrderTags(db: Db, companyGuid: string, orderId: number, tags: string[]): Promise<typeof orders.$inferSelect> {
  const [updated] = await db
    .update(orders)
    .set({ tags })
    .where(and(eq(orders.id, orderId), eq(orders.companyGuid, companyGuid)))
    .returning();
  if (!updated) throw notFound(setOrderTagsOp.notFound);
  return updated;
}
