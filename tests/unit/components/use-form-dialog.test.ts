import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useFormDialog, type UseFormDialog, type UseFormDialogOptions } from '../../../src/components/form/use-form-dialog';
import { createForm, type FormController } from '../../../src/stores/form';

interface Values {
  name: string;
}

/**
 * The hook's binding after one server render. The project's React tests render on the server
 * (no DOM renderer), so a state change after the render is not seen: these tests check what the
 * hook calls, not the dialog's open state.
 */
function bind(controller: FormController<Values, { message: string }>, options: UseFormDialogOptions<Values, { message: string }>): UseFormDialog<Values, { message: string }> {
  let binding: UseFormDialog<Values, { message: string }> | undefined;
  // biome-ignore lint/correctness/noComponentHookFactories: a probe made for this one render, to capture what the hook returns; it is never rendered again.
  function Probe() {
    binding = useFormDialog(controller, options);
    return null;
  }
  renderToString(createElement(Probe));
  if (!binding) throw new Error('the probe did not render');
  return binding;
}

const answering = () => createForm<never, { message: string }, Values>({ send: () => ({ message: 'Saved!' }) });

describe('useFormDialog', () => {
  it('starts each opening from a clean form, then loads the choices; closing loads nothing', () => {
    const controller = answering();
    const opened: string[] = [];
    const { dialog } = bind(controller, { initial: { name: '' }, onOpen: () => void opened.push('choices') });
    controller.showErrors({ name: 'Please enter a name!' }, 'The last attempt failed.');

    dialog.onOpenChange(false);
    expect(opened).toEqual([]);
    expect(controller.$state.get().fields).toEqual({ name: 'Please enter a name!' });

    dialog.onOpenChange(true);
    expect(opened).toEqual(['choices']);
    expect(controller.$state.get()).toEqual({ busy: false, fields: {}, message: null, attempts: 0 });
  });

  it("hands FormDialog the form's busy state, submit and element", () => {
    const { form, dialog } = bind(answering(), { initial: { name: '' } });
    expect(dialog).toMatchObject({ open: false, busy: false, onSubmit: form.form.onSubmit, formRef: form.form.ref });
  });

  it("passes a successful submission's answer on to the caller's onDone", async () => {
    const done: string[] = [];
    const { form } = bind(answering(), { initial: { name: 'Blog' }, closeOnDone: false, onDone: (answer) => void done.push(answer.message) });
    expect(await form.submit()).toEqual({ ok: true, answer: { message: 'Saved!' } });
    expect(done).toEqual(['Saved!']);
  });
});
