/**
 * The form helper every form of the panel submits through (src/stores/form.ts), in Node: the
 * shared schema's sentences, the busy refusal, the server's `fields`, and the toasts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, ValidationError } from '../../../src/lib/errors';
import { profileSchema } from '../../../src/lib/schemas/account';
import { createForm, type FieldErrors } from '../../../src/stores/form';
import { $toasts } from '../../../src/stores/toasts';
import { withTypedValues } from '../../../src/components/form/use-form';

/** A request that answers when the test says so. */
function pending<T>() {
  let settle!: { resolve: (value: T) => void; reject: (error: unknown) => void };
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

const toasts = () => $toasts.get().map((t) => [t.type, t.message]);

beforeEach(() => $toasts.set([]));

describe('createForm', () => {
  it("shows the shared schema's sentences beside the fields and sends nothing", async () => {
    const sent: unknown[] = [];
    const form = createForm({ schema: profileSchema, send: (input) => void sent.push(input) });
    const outcome = await form.submit({ first_name: '', last_name: 'Demo' });
    expect(outcome).toEqual({ ok: false, reason: 'invalid', fields: { first_name: 'Please enter your first name!' } });
    expect(form.$state.get()).toMatchObject({ busy: false, fields: { first_name: 'Please enter your first name!' }, message: null, attempts: 1 });
    expect(sent).toEqual([]);
    // The panel's own check is said beside the field, not toasted.
    expect(toasts()).toEqual([]);
  });

  it('sends what the schema made of the values and toasts the success sentence', async () => {
    const sent: unknown[] = [];
    const done: string[] = [];
    const form = createForm({
      schema: profileSchema,
      send: (input) => {
        sent.push(input);
        return { message: 'Profile successfully updated!' };
      },
      successToast: (answer) => answer.message,
      onSuccess: (answer) => void done.push(answer.message),
    });
    const outcome = await form.submit({ first_name: '  Dana ', last_name: 'Demo' });
    expect(outcome).toEqual({ ok: true, answer: { message: 'Profile successfully updated!' } });
    expect(sent).toEqual([{ first_name: 'Dana', last_name: 'Demo' }]);
    expect(done).toEqual(['Profile successfully updated!']);
    expect(toasts()).toEqual([['success', 'Profile successfully updated!']]);
    expect(form.$state.get()).toMatchObject({ busy: false, fields: {} });
  });

  it('refuses a second submit while the first runs, so a double click sends once', async () => {
    const request = pending<string>();
    let calls = 0;
    const form = createForm({
      schema: profileSchema,
      send: () => {
        calls += 1;
        return request.promise;
      },
    });
    const first = form.submit({ first_name: 'Dana', last_name: 'Demo' });
    // Busy at once, before the request answers: the second click of a double click comes now.
    expect(form.$state.get().busy).toBe(true);
    expect(await form.submit({ first_name: 'Dana', last_name: 'Demo' })).toEqual({ ok: false, reason: 'busy', fields: {} });
    request.resolve('created');
    expect(await first).toEqual({ ok: true, answer: 'created' });
    expect(calls).toBe(1);
    expect(form.$state.get()).toMatchObject({ busy: false, attempts: 1 });
  });

  it('stays busy until the follow-up of a success is done', async () => {
    const reload = pending<void>();
    const form = createForm({ schema: profileSchema, send: () => 'ok', onSuccess: () => reload.promise });
    const submitted = form.submit({ first_name: 'Dana', last_name: 'Demo' });
    await Promise.resolve();
    expect(form.$state.get().busy).toBe(true);
    reload.resolve();
    await submitted;
    expect(form.$state.get().busy).toBe(false);
  });

  it("maps the server's `fields` beside the fields and toasts every sentence", async () => {
    const failures: FieldErrors[] = [];
    const form = createForm({
      schema: profileSchema,
      send: () => Promise.reject(new ApiError(400, { errors: ['Please enter your last name!'], code: 'invalid', fields: { last_name: 'Please enter your last name!' } })),
      onFailure: (fields) => void failures.push(fields),
    });
    const outcome = await form.submit({ first_name: 'Dana', last_name: 'Demo' });
    expect(outcome).toEqual({ ok: false, reason: 'refused', fields: { last_name: 'Please enter your last name!' } });
    expect(form.$state.get()).toMatchObject({ busy: false, fields: { last_name: 'Please enter your last name!' }, message: null });
    expect(toasts()).toEqual([['error', 'Please enter your last name!']]);
    expect(failures).toEqual([{ last_name: 'Please enter your last name!' }]);
  });

  it('keeps a sentence that names no field as the form’s message, and toasts it', async () => {
    const form = createForm({ schema: profileSchema, send: () => Promise.reject(new ApiError(400, { errors: ['Unable to log in with provided credentials.'] })) });
    await form.submit({ first_name: 'Dana', last_name: 'Demo' });
    expect(form.$state.get()).toMatchObject({ fields: {}, message: 'Unable to log in with provided credentials.' });
    expect(toasts()).toEqual([['error', 'Unable to log in with provided credentials.']]);
    // A new attempt starts without the old sentence.
    const retry = pending<string>();
    const again = createForm({ schema: profileSchema, send: () => retry.promise });
    again.showErrors({}, 'old');
    void again.submit({ first_name: 'Dana', last_name: 'Demo' });
    expect(again.$state.get()).toMatchObject({ busy: true, message: null });
    retry.resolve('ok');
  });

  it("shows a server-backed check's sentences beside the fields without a toast", async () => {
    const form = createForm({ schema: profileSchema, send: () => Promise.reject(new ValidationError({ first_name: 'Please enter a valid VAT ID!' })) });
    const outcome = await form.submit({ first_name: 'Dana', last_name: 'Demo' });
    expect(outcome).toEqual({ ok: false, reason: 'invalid', fields: { first_name: 'Please enter a valid VAT ID!' } });
    expect(toasts()).toEqual([]);
  });

  it('builds the checked input from the values and sends without a schema', async () => {
    const sent: unknown[] = [];
    const withHash = createForm({
      schema: profileSchema,
      input: (values: { first: string }) => ({ first_name: values.first, last_name: 'Demo' }),
      send: (input, values) => void sent.push([input, values]),
    });
    await withHash.submit({ first: 'Dana' });
    const plain = createForm({ send: (input) => void sent.push(input) });
    await plain.submit({ anything: 1 });
    expect(sent).toEqual([[{ first_name: 'Dana', last_name: 'Demo' }, { first: 'Dana' }], { anything: 1 }]);
  });

  it('clears one sentence as its field changes, and everything on reset', async () => {
    const form = createForm({ schema: profileSchema, send: () => 'ok' });
    await form.submit({ first_name: '', last_name: '' });
    expect(Object.keys(form.$state.get().fields)).toEqual(['first_name', 'last_name']);
    form.clearError('first_name');
    expect(form.$state.get().fields).toEqual({ last_name: 'Please enter your last name!' });
    form.reset();
    expect(form.$state.get()).toEqual({ busy: false, fields: {}, message: null, attempts: 0 });
  });
});

describe('withTypedValues', () => {
  it('takes the text the page shows into the text values only', () => {
    const values = { email: '', password: 'kept', remember: false, currency: 'USD' };
    expect(withTypedValues(values, { email: 'early@example.test', remember: 'on', unknown: 'x' })).toEqual({
      email: 'early@example.test',
      password: 'kept',
      remember: false,
      currency: 'USD',
    });
  });
});
