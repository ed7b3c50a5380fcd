import { z } from 'zod/mini';
import { text } from './text';

/** Spec part 2, 5 "Domain notes" and 9: at most 1000 characters, trimmed on save. */
export const NOTES_MAX = 1000;

export const notesSchema = z.object({
  notes: z.pipe(
    text({ label: 'Notes', max: NOTES_MAX, multiline: true }),
    z.transform((n: string) => n.trim()),
  ),
});
export type NotesInput = z.input<typeof notesSchema>;
