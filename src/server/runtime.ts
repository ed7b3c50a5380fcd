import { openDatabase, type Database } from './db/connection';
import { DEFAULT_CONFIG, type ServerConfig, type ServerDeps } from './context';
import { createMailer } from './mail/mailer';
import { clientAddressOf } from './client-address';
import { seedDemo } from './seed/index';
import { DEMO_ACCOUNTS } from './seed/demo-accounts';
import { createJobEngine } from './jobs/engine';
import { edgeOptionsFromEnv } from './edge/server';
import { startEdgeBeside } from './edge/processes';
import { dnsOptionsFromEnv, startDnsServerBeside } from './dns/server';
import { createViewerCache } from './auth/viewer-cache';
import { issuerFromEnv } from './services/acme-issuer';
import { panelAddress, startupBanner } from './startup-banner';

const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);

export function configFromEnv(env = process.env): ServerConfig {
  return {
    sessionIdleMinutes: num(env.SESSION_IDLE_MINUTES, DEFAULT_CONFIG.sessionIdleMinutes),
    sessionMaxHours: num(env.SESSION_MAX_HOURS, DEFAULT_CONFIG.sessionMaxHours),
    loginMaxFailures: num(env.LOGIN_MAX_FAILURES, DEFAULT_CONFIG.loginMaxFailures),
    loginWindowMinutes: num(env.LOGIN_WINDOW_MINUTES, DEFAULT_CONFIG.loginWindowMinutes),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 4321}`,
    checkAnswers: env.CHECK_ANSWERS === '1' || env.NODE_ENV === 'development',
    provisionStepMs: num(env.PROVISION_STEP_MS, DEFAULT_CONFIG.provisionStepMs),
    eventHeartbeatMs: num(env.EVENT_HEARTBEAT_MS, DEFAULT_CONFIG.eventHeartbeatMs),
    // A rate of 0 or less is no rate: the default stands rather than every billing run failing on it.
    eurPerUsd: num(env.EUR_PER_USD, DEFAULT_CONFIG.eurPerUsd) > 0 ? num(env.EUR_PER_USD, DEFAULT_CONFIG.eurPerUsd) : DEFAULT_CONFIG.eurPerUsd,
  };
}

let starting: Promise<ServerDeps> | undefined;

/**
 * Opens, migrates and (when empty) seeds the database on first use. A failed start is not
 * remembered, so the next request tries again instead of failing forever.
 */
export function serverDeps(): Promise<ServerDeps> {
  starting ??= start().catch((error: unknown) => {
    starting = undefined;
    throw error;
  });
  return starting;
}

async function start(): Promise<ServerDeps> {
  const database: Database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
  const result = await seedDemo(database.db);
  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${process.env.DATA_DIR ?? './data'}`;
  console.log(`[hostdeck] database ready: ${where}${result.seeded ? ', demo data seeded' : ''}`);
  const certificates = issuerFromEnv();
  console.log(`[hostdeck] certificates from ${certificates.description}`);
  const deps: ServerDeps = {
    db: database.db,
    config: configFromEnv(),
    mailer: createMailer(process.env.SMTP_URL, process.env.MAIL_FROM ?? 'Hostdeck <no-reply@hostdeck.test>'),
    viewers: createViewerCache(database.authChanges),
    now: () => new Date(),
    clientIp: clientAddressOf,
    jobs: createJobEngine(database, () => deps),
    certificates,
  };
  // Started with the database, so tasks a stopped process left half-done resume now. Should it
  // fail, the API still serves, and the first task started tries again.
  const jobsStarted = await deps.jobs.start().then(
    () => true,
    (error: unknown) => {
      console.error('[hostdeck] background jobs did not start:', error);
      return false;
    },
  );
  // The HTTP edge serves the domains by their Host header. A port already taken must not stop
  // the API: the panel works without it, and the log says why the sites do not answer.
  const edge = edgeOptionsFromEnv();
  const edgeHandle = await startEdgeBeside(database, edge, deps.now);
  if (edgeHandle) {
    deps.edge = edgeHandle;
    const processes = edge.processes && edge.processes > 1 && database.kind === 'postgres' ? ` (${edge.processes} processes)` : '';
    console.log(
      `[hostdeck] HTTP edge on http://${edge.host}:${edgeHandle.port}${edgeHandle.tlsPort === null ? '' : ` and https://${edge.host}:${edgeHandle.tlsPort}`}${processes}`,
    );
  }
  // The DNS server answers the zones the panel edits; like the edge, a taken port leaves the API serving.
  const dns = dnsOptionsFromEnv();
  const dnsHandle = await startDnsServerBeside(database, dns);
  if (dnsHandle) {
    deps.dns = dnsHandle;
    console.log(`[hostdeck] DNS server on ${dns.host}:${dnsHandle.port} (UDP and TCP${dns.worker ? ', in a worker thread' : ''})`);
  }
  void printBannerAfter(jobsStarted ? deps.jobs.firstRuns() : Promise.resolve());
  return deps;
}

/**
 * On PostgreSQL another process may take this minute's billing and hosting runs; the table is
 * printed after this long then, rather than a minute later or never.
 */
const BANNER_WAIT_MS = 15_000;

/**
 * Prints the ready line and the demo sign-ins last (issue 26): after the first billing and hosting
 * runs, whose emails come seconds after start and would push them off the screen. The API
 * answers meanwhile; only the printing waits.
 */
async function printBannerAfter(firstRuns: Promise<void>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, BANNER_WAIT_MS);
    // A process asked to stop does not wait for the banner.
    timer.unref();
  });
  await Promise.race([firstRuns.catch(() => undefined), bound]);
  clearTimeout(timer);
  console.log(startupBanner({ panel: panelAddress(process.env), accounts: DEMO_ACCOUNTS, smtp: Boolean(process.env.SMTP_URL) }).join('\n'));
}
