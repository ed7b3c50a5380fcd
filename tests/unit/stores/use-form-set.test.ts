import { createElement, useEffect } from 'react';
import { Text } from 'ink';
import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useForm } from '../../../src/components/form/use-form';
import { createForm } from '../../../src/stores/form';

// useForm is a React hook; Ink's renderer (no DOM needed) runs it as the panel's would.
afterEach(() => cleanup());

interface Pay {
  method: string;
  coin: string;
}

function TwoSets() {
  const form = useForm(createForm<never, unknown, Pay>({ send: () => undefined }), { initial: { method: 'CARD', coin: '' } });
  useEffect(() => {
    // One handler choosing a method and its default coin.
    form.set('method', 'CRYPTOMUS');
    form.set('coin', 'USDT');
  }, []);
  return createElement(Text, null, JSON.stringify(form.values));
}

describe('useForm set', () => {
  it('keeps both values when one handler sets two', async () => {
    const { lastFrame } = render(createElement(TwoSets));
    await vi.waitFor(() => expect(lastFrame()).toBe('{"method":"CRYPTOMUS","coin":"USDT"}'));
  });
});
