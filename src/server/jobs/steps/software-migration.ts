import { eq } from 'drizzle-orm';
import { softwareInstallations } from '../../db/schema/index';
import { ApiProblem } from '../../http/errors';
import { withFtp, type FtpSource } from '../../services/ftp-source';
import { openSecret } from '../../services/secret-box';
import { siteFolder } from '../../services/site-files';
import { StepFailure, type Step } from './step';

/** Migrate Software (spec part 2, 2.5): the site copied from an FTP server into the domain's web root. */
export const MIGRATE_SOFTWARE = 'MIGRATE_SOFTWARE';

export interface MigratePayload extends Omit<FtpSource, 'ftp_password'> {
  /** The FTP password sealed with the secret box: task payloads hold no secrets in clear. */
  ftp_password_sealed: string;
  ftp_path: string;
  install_directory: string;
}

/**
 * Copies the FTP folder into the web root (again, whole, if the step is retried: a copy
 * overwrites) and makes the installation ACTIVE. The admin username of a migrated site is not
 * known, so Software Info says 'Username is unavailable!'.
 */
const migrateFromFtp: Step = {
  async run({ tx, item, now }) {
    if (!item.domainGuid) throw new StepFailure('The domain no longer exists.');
    const payload = item.payload as unknown as MigratePayload;
    const password = await openSecret(tx, payload.ftp_password_sealed);
    if (password === null) throw new StepFailure('The FTP password can no longer be read: start the migration again.');
    const folder = await siteFolder(item.domainGuid, payload.install_directory);
    await withFtp({ ...payload, ftp_password: password }, (client) => client.downloadToDir(folder, payload.ftp_path)).catch((error: unknown) => {
      // A refused sign-in will not mend itself; anything else (a dropped connection) is tried again.
      if (error instanceof ApiProblem) throw new StepFailure(error.message);
      throw error;
    });
    await tx.update(softwareInstallations).set({ status: 'ACTIVE', dateInstalled: now }).where(eq(softwareInstallations.domainGuid, item.domainGuid));
  },
};

export const softwareMigrationSteps: Record<string, Step> = { MIGRATE_FROM_FTP: migrateFromFtp };
