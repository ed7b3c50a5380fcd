import { Readable, Writable } from 'node:stream';
import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginSchema } from '../../src/lib/schemas/auth';
import { Message } from '../../cli/ui/Message';
import { Prompt } from '../../cli/ui/Prompt';
import { createUi } from '../../cli/ui/render';

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
  it('keeps asking until the answer passes, then shows it and submits it', async () => {
    const onSubmit = vi.fn();
    const { stdin, lastFrame, frames } = render(<Prompt label="Email" validate={emailProblem} onSubmit={onSubmit} />);
    expect(lastFrame()).toContain('? Email:');

    stdin.write(ENTER);
    await vi.waitFor(() => expect(lastFrame()).toContain('Please enter your email address!'));
    expect(onSubmit).not.toHaveBeenCalled();

    for (const key of 'jane@example.com') stdin.write(key);
    await vi.waitFor(() => expect(lastFrame()).toContain('jane@example.com'));
    // Typing clears the complaint.
    expect(lastFrame()).not.toContain('Please enter your email address!');

    stdin.write(ENTER);
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith('jane@example.com'));
    expect(lastDrawn(frames)).toContain('✔ Email: jane@example.com');
  });

  it('takes an answer pasted with its Enter as submitted', async () => {
    const onSubmit = vi.fn();
    const { stdin, frames } = render(<Prompt label="Email" validate={emailProblem} onSubmit={onSubmit} />);
    stdin.write('jane@example.com\r');
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith('jane@example.com'));
    expect(lastDrawn(frames)).toContain('✔ Email: jane@example.com');
  });

  it('takes a pasted secret with its Enter as submitted, without showing it', async () => {
    const onSubmit = vi.fn();
    const { stdin, frames } = render(<Prompt label="Password" secret onSubmit={onSubmit} />);
    stdin.write('hunter2\r');
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith('hunter2'));
    expect(frames.join('')).not.toContain('hunter2');
  });

  it('keeps a pasted answer that is refused, without its Enter, for correcting', async () => {
    const onSubmit = vi.fn();
    const dotCom = (v: string) => (v.endsWith('.com') ? undefined : 'Please end it with .com!');
    const { stdin, lastFrame } = render(<Prompt label="Email" validate={dotCom} onSubmit={onSubmit} />);
    stdin.write('jane@example\r');
    await vi.waitFor(() => expect(lastFrame()).toContain('Please end it with .com!'));
    expect(onSubmit).not.toHaveBeenCalled();
    for (const key of '.com') stdin.write(key);
    await vi.waitFor(() => expect(lastFrame()).toContain('jane@example.com'));
    stdin.write(ENTER);
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith('jane@example.com'));
  });

  it('never shows a secret answer', async () => {
    const onSubmit = vi.fn();
    const { stdin, lastFrame, frames } = render(<Prompt label="Password" secret onSubmit={onSubmit} />);
    for (const key of 'hunter2') stdin.write(key);
    await vi.waitFor(() => expect(lastFrame()).toContain('*******'));
    expect(lastFrame()).not.toContain('hunter2');
    stdin.write(ENTER);
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith('hunter2'));
    expect(lastDrawn(frames)).toContain('✔ Password: ********');
    expect(frames.join('')).not.toContain('hunter2');
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
