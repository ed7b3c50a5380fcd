import { z } from 'zod/mini';
import { isTodoKey, TODO_KEYS, type TodoKey } from '../rules/todo-list';

export const UNKNOWN_TODO_MESSAGE = `Unknown to-do item. Send one of ${TODO_KEYS.join(', ')} set to true.`;
export const ONE_TODO_MESSAGE = 'Send exactly one to-do item set to true.';

/**
 * POST /account/account-setup/: exactly one of the five to-do flags, set to true (spec part 1,
 * 7). Answers the flag's name.
 */
export const accountSetupSchema = z.pipe(
  z
    // Read as sent: a record schema would copy the keys and lose one named `__proto__`.
    .custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), ONE_TODO_MESSAGE)
    .check(
      z.superRefine((body, ctx) => {
        const keys = Object.keys(body);
        const unknown = keys.find((k) => !isTodoKey(k));
        if (unknown !== undefined) {
          ctx.addIssue({ code: 'custom', path: [unknown], message: UNKNOWN_TODO_MESSAGE });
          return;
        }
        if (keys.length !== 1 || body[keys[0]!] !== true) ctx.addIssue({ code: 'custom', path: ['item'], message: ONE_TODO_MESSAGE });
      }),
    ),
  z.transform((body: Record<string, unknown>) => Object.keys(body)[0] as TodoKey),
);

export type AccountSetupInput = Partial<Record<TodoKey, true>>;
