import { EventEmitter } from 'node:events';
import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { settled, whenEmitted } from '../../helpers/waiting';

/**
 * An Ink app rendered for a test and driven as a person drives a terminal: wait for the frame
 * that shows the question, then type.
 *
 * A frame is written in the middle of React's commit, and the question's key handler subscribes
 * in an effect that React may leave pending after it (scheduled for later when the commit came
 * from another effect: a refused paste that remounts the input). Ink hands a key only to the
 * handlers subscribed when it arrives, so a key typed then would be lost. `settle` finishes that
 * work at once instead of waiting for it: rendering the same tree again makes React run the
 * pending effects and updates first, and the unchanged tree itself renders nothing new. So
 * before and after each key, and after each awaited frame, nothing React began is left undone.
 */
export function renderInk(tree: ReactElement) {
  const app = render(tree);
  const drawn = new EventEmitter();
  const write = app.stdout.write;
  app.stdout.write = (frame: string) => {
    write(frame);
    drawn.emit('frame');
  };
  const settle = () => app.rerender(tree);
  return {
    ...app,
    /** Resolves with the first frame, from now on, that shows `text` (the last one, if it does), its effects run. */
    async shows(text: string) {
      const frame = await whenEmitted(
        `a frame showing "${text}"`,
        drawn,
        'frame',
        () => {
          const last = app.lastFrame() ?? '';
          return last.includes(text) ? last : undefined;
        },
        () => app.lastFrame(),
      );
      settle();
      return frame;
    },
    /** Types keys one at a time, as separate reads of the terminal, each handled to its end. */
    type(...keys: string[]) {
      for (const key of keys) {
        settle();
        app.stdin.write(key);
        settle();
      }
    },
  };
}

/** A callback for a component (its onSubmit, onDone) that says when it is first called, and with what. */
export function calledBack<A extends unknown[]>(what: string) {
  const first = Promise.withResolvers<A>();
  const callback = vi.fn((...args: A) => first.resolve(args));
  return { callback, called: () => settled(what, first.promise) };
}
