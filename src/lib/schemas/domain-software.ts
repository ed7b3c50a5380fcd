import { z } from 'zod/mini';
import { cleanUsername } from '../rules/software-credentials';
import { SOFTWARE_PROTOCOLS } from './add-domains';
import { emailField } from './register';
import { required, text } from './text';

/** The drawer's SSL and software dialogs (spec part 2, 2.5, 5 "Install software", "Software password reveal"). */

export const installSslSchema = z.object({
  /** Spec part 2, 2.5: Let's Encrypt is the choice; a custom certificate is offered but disabled. */
  is_lets_encrypt: z._default(z.literal(true, "Only Let's Encrypt certificates can be requested."), true),
  include_www_subdomain: z._default(z.boolean('Include www must be true or false.'), false),
});
export type InstallSsl = z.input<typeof installSslSchema>;

/** Spec part 2, 5: blank means the web root; otherwise folders of letters, digits, '-', '_' and '.'. */
const INSTALL_DIRECTORY = /^(?:[a-zA-Z0-9_.-]+(?:\/[a-zA-Z0-9_.-]+)*)?$/;

export const installSoftwareSchema = z.object({
  software: z.string({ error: 'Please choose the software!' }).check(z.minLength(1, 'Please choose the software!'), z.maxLength(50, 'Please choose the software!')),
  language: z._default(z.string().check(z.regex(/^[a-z]{2}$/, 'Please choose a language!')), 'en'),
  protocol: z.enum(SOFTWARE_PROTOCOLS, 'Please choose a protocol!'),
  install_directory: z._default(
    z.pipe(
      text({ label: 'Install directory', max: 200 }),
      z.pipe(
        z.transform((d: string) => d.replace(/^\/+|\/+$/g, '')),
        z.string().check(z.refine((d) => INSTALL_DIRECTORY.test(d) && !d.split('/').includes('..'), "The install directory can hold letters, digits, '-', '_', '.' and '/' only.")),
      ),
    ),
    '',
  ),
  /** Lowercased and stripped to a-z and 0-9 (spec part 2, 5). */
  admin_username: z.pipe(
    z.pipe(text({ label: 'Admin username', max: 60 }, 'Please enter the admin username!'), z.transform(cleanUsername)),
    z.string().check(z.minLength(3, 'The admin username needs at least 3 letters or digits.')),
  ),
  admin_password: z
    .string({ error: 'Please enter the admin password!' })
    .check(
      z.minLength(1, 'Please enter the admin password!'),
      z.minLength(12, 'The admin password needs at least 12 characters.'),
      z.maxLength(128, 'The admin password can be at most 128 characters long.'),
    ),
  admin_email: emailField,
  website_name: required('Please enter the website name!', { label: 'Website name', max: 150 }),
  website_description: z._default(text({ label: 'Website description', max: 500 }), ''),
});
export type InstallSoftware = z.input<typeof installSoftwareSchema>;

export const softwarePasswordSchema = z.object({
  password: z
    .string({ error: "Please enter your account's password!" })
    .check(z.minLength(1, "Please enter your account's password!"), z.maxLength(128, "Please enter your account's password!")),
});
