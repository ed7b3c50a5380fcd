import { Readable, Writable } from 'node:stream';
import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { loginSchema } from '../../src/lib/schemas/auth';
import { Message } from '../../cli/ui/Message';
import { Prompt } from '../../cli/ui/Prompt';
import { createUi } from '../../cli/ui/render';
import { calledBack, renderInk } from './helpers/ink';

afterEach(() => {
  cleanup();
});

const ENTER = '\r';
/** The last frame with content: once the prompt exits, Ink writes a bare newline after it. */
const lastDrawn = (frames: string[]) => frames.filter((f) => f.trim() !== '').at(-1) ?? '';
const emailProblem = (value: string) => {
  const result = loginSchema.shape.email.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('Prompt', () => {
  const submitted = () => calledBack<[string]>('the prompt to submit its answer');

  it('keeps asking until the answer passes, then shows it and submits it', async () => {
    const { callback: onSubmit, called } = submitted();
    const app = renderInk(<Prompt label="Email" validate={emailProblem} onSubmit={onSubmit} />);
    expect(app.lastFrame()).toContain('? Email:');

    app.type(ENTER);
    await app.shows('Please enter your email address!');
    expect(onSubmit).not.toHaveBeenCalled();

    app.type(...'jane@example.com');
    // Typing clears the complaint.
    expect(await app.shows('jane@example.com')).not.toContain('Please enter your email address!');

    app.type(ENTER);
    expect(await called()).toEqual(['jane@example.com']);
    expect(lastDrawn(app.frames)).toContain('✔ Email: jane@example.com');
  });

  it('takes an answer pasted with its Enter as submitted', async () => {
    const { callback: onSubmit, called } = submitted();
    const app = renderInk(<Prompt label="Email" validate={emailProblem} onSubmit={onSubmit} />);
    app.type('jane@example.com\r');
    expect(await called()).toEqual(['jane@example.com']);
    expect(lastDrawn(app.frames)).toContain('✔ Email: jane@example.com');
  });

  it('takes a pasted secret with its Enter as submitted, without showing it', async () => {
    const { callback: onSubmit, called } = submitted();
    const app = renderInk(<Prompt label="Password" secret onSubmit={onSubmit} />);
    app.type('hunter2\r');
    expect(await called()).toEqual(['hunter2']);
    expect(app.frames.join('')).not.toContain('hunter2');
  });

  it('keeps a pasted answer that is refused, without its Enter, for correcting', async () => {
    const { callback: onSubmit, called } = submitted();
    const dotCom = (v: string) => (v.endsWith('.com') ? undefined : 'Please end it with .com!');
    const app = renderInk(<Prompt label="Email" validate={dotCom} onSubmit={onSubmit} />);
    app.type('jane@example\r');
    await app.shows('Please end it with .com!');
    expect(onSubmit).not.toHaveBeenCalled();
    app.type(...'.com');
    await app.shows('jane@example.com');
    app.type(ENTER);
    expect(await called()).toEqual(['jane@example.com']);
  });

  it('never shows a secret answer', async () => {
    const { callback: onSubmit, called } = submitted();
    const app = renderInk(<Prompt label="Password" secret onSubmit={onSubmit} />);
    app.type(...'hunter2');
    expect(await app.shows('*******')).not.toContain('hunter2');
    app.type(ENTER);
    expect(await called()).toEqual(['hunter2']);
    expect(lastDrawn(app.frames)).toContain('✔ Password: ********');
    expect(app.frames.join('')).not.toContain('hunter2');
  });
});

describe('Message', () => {
  it('shows the sentence with its hint under it', () => {
    const { lastFrame } = render(<Message kind="error" message="You are not signed in." hint="Run `hostdeck login`." />);
    expect(lastFrame()).toContain('✖ You are not signed in.');
    expect(lastFrame()).toContain('  Run `hostdeck login`.');
  });
});

describe('createUi without a terminal', () => {
  class Capture extends Writable {
    text = '';
    override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
      this.text += chunk.toString();
      done();
    }
  }

  it('writes plain messages to stderr, data to stdout and no spinner', async () => {
    const stdout = new Capture();
    const stderr = new Capture();
    const ui = createUi({ stdin: Readable.from([]), stdout, stderr, env: {} }, { json: false });
    expect(ui.rich).toBe(false);
    await expect(ui.withSpinner('Working…', Promise.resolve(42))).resolves.toBe(42);
    await ui.renderError('It broke.', 'Try again.');
    ui.printJson({ ok: true });
    expect(stderr.text).toBe('Error: It broke.\nTry again.\n');
    expect(JSON.parse(stdout.text)).toEqual({ ok: true });
  });

  it('refuses to prompt without a terminal', async () => {
    const ui = createUi({ stdin: Readable.from([]), stdout: new Capture(), stderr: new Capture(), env: {} }, { json: false });
    await expect(ui.promptText({ label: 'Email' })).rejects.toThrow(/without a terminal/);
  });
});
