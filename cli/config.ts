import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import envPaths from 'env-paths';
import { z } from 'zod';
import { CliError } from './errors';

export type Env = Record<string, string | undefined>;

/**
 * The saved state of the CLI. Loose, so that a config written by a newer hostdeck keeps
 * the keys this version does not know about when this version rewrites it.
 */
export const configSchema = z.looseObject({
  /** The API the credentials below belong to. */
  api_url: z.string().optional(),
  token: z.string().optional(),
  /** A session from `login` is ended on the server at logout; an API key is only forgotten. */
  token_kind: z.enum(['session', 'api_key']).optional(),
  company: z.string().optional(),
  email: z.string().optional(),
  /** Sent as the login fingerprint, so the API recognises this computer (decisions, 2). */
  device_id: z.string().optional(),
  /**
   * A sign-in waiting for its second step, so that a script can finish it with `login --code`
   * in a second call (the emailed device code arrives after the first one ended).
   */
  pending_login: z.object({ api_url: z.string(), email: z.string(), session_id: z.string(), verification: z.enum(['2fa', 'device']) }).optional(),
});
export type Config = z.infer<typeof configSchema>;

/** `HOSTDECK_CONFIG_DIR` wins so that tests and several profiles never touch the real one. */
export function configDir(env: Env): string {
  const override = env.HOSTDECK_CONFIG_DIR;
  if (override) return override;
  // The default suffix is "-nodejs", which would give ~/.config/hostdeck-nodejs.
  return envPaths('hostdeck', { suffix: '' }).config;
}

export function configPath(env: Env): string {
  return join(configDir(env), 'config.json');
}

/** The saved config, or an empty one when none was written yet. */
export async function readConfig(env: Env): Promise<Config> {
  const file = configPath(env);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new CliError(`Could not read the config file ${file}: ${(error as Error).message}`, {
      hint: 'Check its permissions, or set HOSTDECK_CONFIG_DIR to use another folder.',
    });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw broken(file);
  }
  const parsed = configSchema.safeParse(data);
  if (!parsed.success) throw broken(file);
  return parsed.data;
}

function broken(file: string): CliError {
  return new CliError(`The config file ${file} is damaged.`, {
    hint: 'Delete it and run `hostdeck login` again.',
  });
}

/**
 * Replaces the config. It holds a token, so it is private to the user (0600 in a 0700
 * folder), and it is written to a temporary file and renamed so that a crash or a second
 * hostdeck running at the same time never leaves half a file behind.
 */
export async function writeConfig(config: Config, env: Env): Promise<void> {
  const dir = configDir(env);
  const file = join(dir, 'config.json');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = join(dir, `.config.json.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(config, null, 2)}\n`, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    // The umask can only narrow the mode given to open(); set it exactly anyway in case
    // the file system ignores creation modes.
    await chmod(temp, 0o600);
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

/** Applies a change to the saved config and returns the result. */
export async function updateConfig(change: (config: Config) => Config, env: Env): Promise<Config> {
  const next = change(await readConfig(env));
  await writeConfig(next, env);
  return next;
}

/**
 * Forgets the credentials but keeps the API URL, the last email (to suggest at the next
 * login) and the device id. Returns whether there was anything to forget.
 */
export async function clearCredentials(env: Env): Promise<boolean> {
  const config = await readConfig(env);
  if (config.token === undefined && config.token_kind === undefined && config.company === undefined) return false;
  const { token: _token, token_kind: _kind, company: _company, ...rest } = config;
  await writeConfig(rest, env);
  return true;
}
