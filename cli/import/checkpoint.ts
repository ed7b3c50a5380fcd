import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { SOFTWARE_PROTOCOLS } from '../../src/lib/schemas/add-domains';
import { configDir, type Env } from '../config';

/**
 * What an import has done, so that an interrupted one resumes with `--resume` without adding
 * a domain twice. It holds the whole plan (every row with its address), written before the
 * first chunk, so a resumed import sends the very same chunks; and how many chunks the API
 * acknowledged, written after each one.
 */
export const checkpointSchema = z.object({
  version: z.literal(1),
  file_hash: z.string(),
  group: z.object({ guid: z.string(), name: z.string() }),
  source: z.string(),
  chunk_size: z.number().int().positive(),
  rows: z.array(
    z.object({
      line: z.number().int(),
      domain: z.string(),
      ip_address: z.string(),
      group: z.string(),
      hosting_account: z.string(),
      install_lets_encrypt: z.boolean(),
      redirect_to_https: z.boolean(),
      install_software: z.enum(['WORDPRESS']).nullable(),
      software_protocol: z.enum(SOFTWARE_PROTOCOLS).nullable(),
      software_preset: z.string().nullable(),
    }),
  ),
  /** Lines left out with --skip-invalid, reported again at the end. */
  skipped: z.array(z.object({ line: z.number().int(), message: z.string() })),
  chunks_done: z.number().int().min(0),
  /** One per acknowledged chunk; null where a resume found the chunk added but not its task. */
  tasks: z.array(z.string().nullable()),
});
export type Checkpoint = z.infer<typeof checkpointSchema>;

export const fileHash = (content: Buffer | string) => createHash('sha256').update(content).digest('hex');

/** One checkpoint per file content and group: the same file into another group is another import. */
export function checkpointPath(env: Env, hash: string, group: string): string {
  const key = createHash('sha256').update(`${hash}\n${group}`).digest('hex').slice(0, 32);
  return join(configDir(env), 'imports', `${key}.json`);
}

export async function readCheckpoint(path: string): Promise<Checkpoint | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = checkpointSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}

/** Written to a temporary file, synced and renamed: a kill never leaves half a checkpoint. */
export async function writeCheckpoint(path: string, checkpoint: Checkpoint): Promise<void> {
  const dir = join(path, '..');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(JSON.stringify(checkpoint), 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
}

export const removeCheckpoint = (path: string) => unlink(path).catch(() => undefined);
