// `npm run seed -- --ips 100000 --domains 50000`: seeds the demo data into the database the
// server uses (DATABASE_URL, else PGlite in DATA_DIR or ./data). On an already seeded
// database it adds the requested volume to the partner company (or --company) instead.
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/connection';
import { companies } from '../src/server/db/schema/index';
import { PARTNER_COMPANY_NAME } from '../src/server/seed/demo-accounts';
import { DEMO_DOMAINS, DEMO_IP_ADDRESSES, seedBulk, seedDemo } from '../src/server/seed/index';

const { values } = parseArgs({
  options: {
    ips: { type: 'string' },
    domains: { type: 'string' },
    company: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(`Usage: node --import tsx scripts/seed.ts [--ips N] [--domains N] [--company GUID]

On an empty database: seeds the demo provider, companies and accounts; the partner company
gets N IP addresses and N domains (defaults ${DEMO_IP_ADDRESSES} and ${DEMO_DOMAINS}; above that the extra rows
go to the groups named "Bulk").
On a seeded database: adds N more IP addresses and domains to the "Bulk" groups of the
partner company, or of --company.
Database: DATABASE_URL (PostgreSQL), else PGlite in DATA_DIR (default ./data).`);
  process.exit(0);
}

function count(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number of 0 or more, not "${raw}".`);
    process.exit(2);
  }
  return n;
}

const ips = count('ips', values.ips);
const domains = count('domains', values.domains);
const where = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${process.env.DATA_DIR ?? './data'}`;

const started = performance.now();
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
const opened = performance.now();
console.error(`Opened and migrated ${where} in ${((opened - started) / 1000).toFixed(1)} s.`);
try {
  const result = await seedDemo(database.db, { ipAddresses: ips, domains });
  if (result.seeded) {
    console.log(`Seeded the demo data (${ips ?? DEMO_IP_ADDRESSES} IP addresses and ${domains ?? DEMO_DOMAINS} domains in the partner company).`);
    console.log('Demo sign-ins:');
    for (const a of result.accounts) console.log(`  ${a.email.padEnd(26)} ${a.password}   ${a.label}`);
  } else if (ips || domains) {
    const guid = values.company ?? (await partnerGuid());
    const added = await seedBulk(database.db, guid, { ipAddresses: ips, domains });
    console.log(`The database was already seeded; added ${added.ipAddresses} IP addresses and ${added.domains} domains to the "Bulk" groups of company ${guid}.`);
  } else {
    console.log('The database was already seeded; nothing to do (pass --ips or --domains to add volume).');
  }
  console.error(`Done in ${((performance.now() - opened) / 1000).toFixed(1)} s.`);
} finally {
  await database.close();
}

async function partnerGuid(): Promise<string> {
  const [row] = await database.db.select({ guid: companies.guid }).from(companies).where(eq(companies.name, PARTNER_COMPANY_NAME)).limit(1);
  if (!row) {
    console.error(`No company named "${PARTNER_COMPANY_NAME}"; pass --company GUID.`);
    process.exit(2);
  }
  return row.guid;
}
