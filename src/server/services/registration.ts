import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { checkVAT, countries as vatCountries } from 'jsvat';
import { ALL_SCOPES } from '../../lib/rules/scopes';
import type { Db } from '../db/connection';
import { companies, memberships, users, vatIds, vatRegistry } from '../db/schema/index';
import type { registerSchema } from '../../lib/schemas/register';
import type { z } from 'zod';
import { hashPassword } from '../auth/passwords';
import type { Viewer } from '../context';
import type { VatAnswer } from '../../lib/api/auth-flows';
import { EMPTY_TODO_LIST } from '../../lib/rules/todo-list';

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The VIES stand-in (spec decisions, VAT check): format and checksum per country with jsvat,
 * then the local registry; a number the registry does not hold is not registered, so invalid.
 */
export async function checkVat(db: Db, vatId: string, companyName: string): Promise<VatAnswer> {
  if (!checkVAT(vatId, vatCountries).isValid) return { is_valid: false, invalid_company: false };
  const [entry] = await db.select().from(vatRegistry).where(eq(vatRegistry.vatId, vatId));
  if (!entry) return { is_valid: false, invalid_company: false };
  return { is_valid: true, invalid_company: !sameName(entry.companyName, companyName) };
}

type RegisterData = z.output<typeof registerSchema>;

/** The new user, their company, an OWNER membership with every scope, and the to-do list. */
export async function createAccount(
  db: Db,
  input: RegisterData,
  now: Date,
  /** Runs in the same transaction (the activity row). */
  within: (tx: Db, user: typeof users.$inferSelect, company: typeof companies.$inferSelect) => Promise<void>,
) {
  const passwordHash = await hashPassword(input.password);
  const tracking = Object.fromEntries(
    (['utm_campaign', 'utm_source', 'utm_medium', 'utm_content', 'utm_term', 'aff_click_id'] as const).flatMap((k) => (input[k] ? [[k, input[k]!]] : [])),
  );
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        foundUs: input.found_us_specific ? `${input.found_us}: ${input.found_us_specific}` : input.found_us,
        tracking,
        todoList: { ...EMPTY_TODO_LIST },
        passwordChangedAt: now,
        dateCreated: now,
      })
      .returning();
    const [company] = await tx
      .insert(companies)
      .values({
        name: input.company_name,
        address1: input.address1,
        address2: input.address2 || null,
        city: input.city,
        region: input.region,
        postalCode: input.postal_code,
        country: input.country,
        currency: input.currency,
        supportPin: String(randomInt(100_000, 1_000_000)),
        showGettingStarted: true,
        gettingStartedStep: 1,
        dateCreated: now,
      })
      .returning();
    await tx.insert(memberships).values({ userGuid: user!.guid, companyGuid: company!.guid, accountType: 'OWNER', permissions: [...ALL_SCOPES], dateCreated: now });
    await tx.update(users).set({ defaultCompanyGuid: company!.guid }).where(eq(users.guid, user!.guid));
    if (input.vat_id) await tx.insert(vatIds).values({ companyGuid: company!.guid, vatId: input.vat_id, dateCreated: now });
    await within(tx, user!, company!);
    return { user: user!, company: company! };
  });
}

/** Lets a public route's activity row name the person acting (they have no session yet). */
export function viewerOf(user: typeof users.$inferSelect): Viewer {
  return {
    userGuid: user.guid,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isCustomer: user.isCustomer,
    userKind: user.userKind,
    sessionGuid: '',
    sessionKind: 'SESSION',
    keyCompanyGuid: null,
  };
}
