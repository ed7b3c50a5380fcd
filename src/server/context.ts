import type { Db } from './db/connection';
import type { Mailer } from './mail/mailer';
import type { ResolvedViewer, ViewerRow } from './auth/viewer';
import type { ViewerCache } from './auth/viewer-cache';
import type { JobEngine } from './jobs/engine';
import type { EdgeHandle } from './edge/server';
import type { DnsHandle } from './dns/server';
import type { CertificateIssuer } from './services/certificate-issuer';

export interface ServerConfig {
  /** Minutes without a request after which a session ends. */
  sessionIdleMinutes: number;
  /** Hours after sign-in after which a session ends whatever its use. */
  sessionMaxHours: number;
  /** Wrong passwords for one account within the window before sign-in is refused. */
  loginMaxFailures: number;
  loginWindowMinutes: number;
  /** Public origin of the panel, used in emailed links. */
  publicUrl: string;
  /** Checks every answer against its operation's schema (development and tests): a mismatch answers 500. */
  checkAnswers: boolean;
  /** Delay of each provisioning step (spec decisions, 3 "Provisioning"), so progress can be watched. */
  provisionStepMs: number;
  /** How often an open event stream sends a heartbeat. */
  eventHeartbeatMs: number;
  /** The provider's EUR per 1 USD, taken once a day by the billing run (src/server/billing/exchange-rate.ts). */
  eurPerUsd: number;
}

export const DEFAULT_CONFIG: ServerConfig = {
  sessionIdleMinutes: 120,
  sessionMaxHours: 12,
  loginMaxFailures: 5,
  loginWindowMinutes: 15,
  publicUrl: 'http://localhost:4321',
  checkAnswers: false,
  provisionStepMs: 300,
  eventHeartbeatMs: 15_000,
  eurPerUsd: 0.92,
};

export interface ServerDeps {
  db: Db;
  config: ServerConfig;
  mailer: Mailer;
  /** Viewers of recent tokens, dropped when the database announces a change (src/server/auth/viewer-cache.ts). */
  viewers: ViewerCache<ViewerRow>;
  /** The current time; tests move it to check expiry. */
  now: () => Date;
  /** The client's address as the HTTP server saw it. */
  clientIp: (request: Request) => string | undefined;
  /** Background tasks and their live events (src/server/jobs). */
  jobs: JobEngine;
  /** The HTTP edge (src/server/edge), once started; absent where none runs (most tests). */
  edge?: EdgeHandle;
  /** The authoritative DNS server (src/server/dns), once started; absent where none runs (most tests). */
  dns?: DnsHandle;
  /** Issues the Let's Encrypt certificates (ACME_DIRECTORY_URL); absent, the sandbox issuer does. */
  certificates?: CertificateIssuer;
}

export interface Viewer {
  userGuid: string;
  email: string;
  firstName: string;
  lastName: string;
  isCustomer: boolean;
  userKind: string;
  sessionGuid: string;
  sessionKind: 'SESSION' | 'API_KEY';
  /** For API keys, the one company the key belongs to. */
  keyCompanyGuid: string | null;
}

export interface CompanyContext {
  guid: string;
  name: string;
  membershipGuid: string;
  accountType: string;
  userType: string;
  permissions: Set<string>;
  allowedIpGroups: string[];
  allowedDomainGroups: string[];
  allowedHostingAccounts: string[];
  allowedSoftwarePresets: string[];
}

export type AppEnv = {
  Variables: {
    deps: ServerDeps;
    viewer: Viewer;
    company: CompanyContext;
    ip: string;
    userAgent: string;
    /** The viewer and their membership, found by requireAuth in one query. */
    resolved: ResolvedViewer;
    /** Logged with any server error and answered in its body, so a report can be found. */
    requestId: string;
  };
};
