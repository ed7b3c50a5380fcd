import { z } from 'zod';
import { ERROR_CODES } from '../error-codes';
import type { Scope } from '../rules/scopes';

/**
 * One definition per API operation: its verb and path (as spec/api-calls.tsv writes them),
 * the schemas of what it takes and answers, and who may call it. The server registers its
 * handler against it, checks the access rules before the handler runs and documents it in
 * the OpenAPI document; the panel and the CLI call it through `send()`. Framework-free.
 */
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call: `public` needs no token; `user` needs a token but acts for no company;
 * `member` (the default) also resolves the company of the `Company` header.
 */
export type Audience = 'public' | 'user' | 'member';

export interface Operation {
  /** operationId: area.thing.verb, unique. */
  id: string;
  method: Method;
  /** With `{name}` path parameters and the trailing slash, e.g. `/account/emails/{guid}/`. */
  path: string;
  summary: string;
  /** The area it belongs to, the OpenAPI tag. */
  area: string;
  /** Inputs may be zod or zod/mini schemas: the shared form schemas (src/lib/schemas) are zod/mini, so the panel's bundles do not carry zod. */
  params?: z.core.$ZodObject;
  query?: z.core.$ZodType;
  body?: z.core.$ZodType;
  /** The answer's schema (JSON), or the kind of non-JSON answer. */
  answer: z.ZodType | 'file' | 'events';
  /** Success status; 200 unless said. */
  status?: 200 | 201;
  audience?: Audience;
  /** Every scope listed is needed in the company of the request. */
  scopes?: readonly Scope[];
  /** False: closed to customer-type users (account, company, affiliate and support areas). */
  customers?: boolean;
  /** False: refused to API keys (profile, password, 2FA, preferences). */
  apiKeys?: boolean;
  /** The sentence a path parameter that names nothing (or cannot name anything) answers with 404; documented as the 404 answer. */
  notFound?: string;
  /**
   * The path's `{guid}` names the company the call acts for (/account/companies/{guid}/...):
   * it must be the request's company, whose membership and scopes the guards checked; any other
   * answers 404 with this sentence, so another company's existence is never confirmed.
   */
  companyPath?: string;
  /** Accepts an `Idempotency-Key` header (orders and payments). */
  idempotent?: boolean;
}

/** Checks a definition's shape at the type level and keeps its literal types. */
export const defineOperation = <const O extends Operation>(op: O): O => op;

type Out<S> = S extends z.core.$ZodType ? z.output<S> : never;
type In<S> = S extends z.core.$ZodType ? z.input<S> : never;

/** What a handler receives, already checked. */
export interface ParsedInput<O extends Operation> {
  params: O['params'] extends z.core.$ZodType ? Out<O['params']> : Record<string, never>;
  query: O['query'] extends z.core.$ZodType ? Out<O['query']> : Record<string, never>;
  body: O['body'] extends z.core.$ZodType ? Out<O['body']> : Record<string, never>;
}

/** What a client sends: only the parts the operation has. */
export type InputOf<O extends Operation> = (O['params'] extends z.core.$ZodType ? { params: In<O['params']> } : { params?: never }) &
  (O['query'] extends z.core.$ZodType ? { query?: In<O['query']> } : { query?: never }) &
  (O['body'] extends z.core.$ZodType ? { body: In<O['body']> } : { body?: never });

/** The answer's type as the server sends it and the client receives it. */
export type AnswerOf<O extends Operation> = O['answer'] extends z.ZodType ? z.output<O['answer']> : never;

/** The list envelope every paged answer shares (spec decisions, 3). */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), page: z.number().int(), per_page: z.number().int(), total: z.number().int() });

/** The error envelope of every 4xx and 5xx answer. */
export const errorEnvelope = z
  .object({
    errors: z.array(z.string().min(1)).min(1),
    code: z
      .enum(ERROR_CODES)
      .meta({ description: 'What went wrong, for a program to act on (src/lib/error-codes.ts says when each is answered). A newer server may add codes.' })
      .optional(),
    fields: z.record(z.string(), z.string()).optional(),
    email_not_verified: z.boolean().optional(),
    request_id: z.string().optional(),
  })
  .meta({ id: 'Error', description: 'Every failure: the sentences to show, a machine code, and the field each sentence belongs to.' });

/** The `{message}` answer of most writes. */
export const messageAnswer = z.object({ message: z.string() }).meta({ id: 'Message' });

/** A path parameter that is a guid; anything else names nothing and answers 404. */
export const guidParam = z.guid();
