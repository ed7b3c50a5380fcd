import { z } from 'zod/mini';
import { SOFTWARE_PROTOCOLS } from './add-domains';
import { text } from './text';

/** Migrate Software over FTP (spec part 2, 2.5 "Migrate Software dialog", 5 "FTP test", 9). */

export const FTP_DETAILS_MISSING = 'Please fill in all FTP details!';
export const FTP_FAILED = 'Failed to connect to the FTP server.';
export const FTP_DEFAULT_PORT = 21;

const detail = (max: number) => z.string({ error: FTP_DETAILS_MISSING }).check(z.trim(), z.minLength(1, FTP_DETAILS_MISSING), z.maxLength(max, FTP_DETAILS_MISSING));

export const ftpDetailsSchema = z.object({
  ftp_host: detail(253),
  ftp_port: z._default(
    z.coerce.number({ error: FTP_DETAILS_MISSING }).check(z.int(FTP_DETAILS_MISSING), z.gte(1, FTP_DETAILS_MISSING), z.lte(65535, FTP_DETAILS_MISSING)),
    FTP_DEFAULT_PORT,
  ),
  ftp_username: detail(200),
  /** Taken as typed: an FTP password may begin or end with a space. */
  ftp_password: z.string({ error: FTP_DETAILS_MISSING }).check(z.minLength(1, FTP_DETAILS_MISSING), z.maxLength(200, FTP_DETAILS_MISSING)),
  ftp_mode: z._default(z.enum(['PASSIVE', 'ACTIVE'], 'The FTP mode must be PASSIVE or ACTIVE.'), 'PASSIVE'),
  ftp_security: z._default(z.enum(['NONE', 'TLS'], 'The FTP security must be NONE or TLS.'), 'NONE'),
});
export type FtpDetails = z.input<typeof ftpDetailsSchema>;

const ftpPath = z._default(text({ label: 'FTP path', max: 1000 }), '/');

export const ftpBrowseSchema = z.object({ ...ftpDetailsSchema.shape, ftp_path: ftpPath });
export type FtpBrowse = z.input<typeof ftpBrowseSchema>;

export const migrateSchema = z.object({
  ...ftpDetailsSchema.shape,
  ftp_path: ftpPath,
  protocol: z.enum(SOFTWARE_PROTOCOLS, 'Please choose a protocol!'),
  remote_domain: text({ label: 'Remote domain', max: 253 }, 'Please enter the remote domain!').check(z.minLength(1, 'Please enter the remote domain!')),
  install_directory: z._default(text({ label: 'Install directory', max: 200 }), ''),
  software: z.string({ error: 'Please choose the software!' }).check(z.minLength(1, 'Please choose the software!'), z.maxLength(50, 'Please choose the software!')),
});
export type Migrate = z.input<typeof migrateSchema>;
