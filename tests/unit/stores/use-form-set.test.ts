import { createElement, useEffect } from 'react';
import { Text } from 'ink';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { useForm } from '../../../src/components/form/use-form';
import { createForm } from '../../../src/stores/form';
import { renderInk } from '../../cli/helpers/ink';

// useForm is a React hook; Ink's renderer (no DOM needed) runs it as the panel's would.
afterEach(() => cleanup());

interface Pay {
  method: string;
  coin: string;
}

function TwoSets() {
  const form = useForm(createForm<never, unknown, Pay>({ send: () => undefined }), { initial: { method: 'CARD', coin: '' } });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as one handler choosing a method and its default coin.
  useEffect(() => {
    form.set('method', 'CRYPTOMUS');
    form.set('coin', 'USDT');
  }, []);
  return createElement(Text, null, JSON.stringify(form.values));
}

describe('useForm set', () => {
  it('keeps both values when one handler sets two', async () => {
    const app = renderInk(createElement(TwoSets));
    await app.shows('"method":"CRYPTOMUS"');
    expect(app.lastFrame()).toBe('{"method":"CRYPTOMUS","coin":"USDT"}');
  });
});
