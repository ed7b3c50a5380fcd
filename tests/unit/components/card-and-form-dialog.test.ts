import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { Card } from '../../../src/components/Card';
import { FormDialog } from '../../../src/components/FormDialog';

describe('Card', () => {
  it('is a region named by its h2 heading, with the actions beside the heading', () => {
    const html = renderToString(createElement(Card, { title: 'Domains', actions: createElement('button', { type: 'button' }, 'Add'), className: 'domains', children: 'body' }));
    const id = /<h2 id="([^"]+)" class="card-title">Domains<\/h2>/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<section class="card domains" aria-labelledby="${id}">`);
    expect(html).toMatch(/<div class="card-actions"><button type="button">Add<\/button><\/div><\/div>body<\/section>$/);
    expect(renderToString(createElement(Card, { title: 'Plain', children: 'x' }))).not.toContain('card-actions');
  });
});

describe('FormDialog', () => {
  it('renders its trigger while closed', () => {
    const html = renderToString(
      createElement(FormDialog, {
        title: 'Add domain',
        submitLabel: 'Add',
        busy: false,
        onSubmit: () => undefined,
        trigger: createElement('button', { type: 'button' }, 'Add domain'),
        children: 'fields',
      }),
    );
    // The trigger says what it opens without any of the dialog's code loaded.
    expect(html).toContain('<button type="button" aria-haspopup="dialog" aria-expanded="false">Add domain</button>');
    expect(html).not.toContain('fields');
  });

  it('makes a text trigger the panel button of its variant and size', () => {
    const render = (props: object) =>
      renderToString(createElement(FormDialog, { title: 'Rename', submitLabel: 'Rename', busy: false, onSubmit: () => undefined, children: 'fields', ...props }));
    expect(render({ trigger: 'Rename' })).toBe('<button type="button" class="button" aria-haspopup="dialog" aria-expanded="false">Rename</button>');
    expect(render({ trigger: 'Add Preset', triggerVariant: 'primary' })).toContain('<button type="button" class="button button-primary" aria-haspopup="dialog"');
    expect(render({ trigger: 'Edit', triggerSize: 'small', triggerAriaLabel: 'Edit Jane Doe' })).toContain(
      '<button type="button" class="button button-small" aria-label="Edit Jane Doe" aria-haspopup="dialog"',
    );
    expect(render({ trigger: 'Cancel', triggerVariant: 'danger', triggerSize: 'small', triggerDisabled: true })).toContain(
      '<button type="button" class="button button-small button-danger" disabled="" aria-haspopup="dialog"',
    );
  });

  it('puts the fields in a form that its footer buttons submit and cancel', async () => {
    // prerender waits for the dialog's code, which loads when it first opens.
    const { prelude } = await prerender(
      createElement(FormDialog, { title: 'Add domain', submitLabel: 'Add', busy: true, onSubmit: () => undefined, open: true, children: 'fields' }),
    );
    const html = await new Response(prelude).text();
    const formId = /<form id="([^"]+)" class="form-grid" noValidate="">fields<\/form>/.exec(html)?.[1];
    expect(formId).toBeTruthy();
    expect(html).toContain('role="dialog"');
    expect(html).toContain('<footer class="dialog-footer"><button type="button" class="button" disabled="">Cancel</button>');
    // Busy: neither button can be pressed twice.
    expect(html).toContain(`<button type="submit" form="${formId}" class="button button-primary" disabled="">Add</button>`);
  });
});
