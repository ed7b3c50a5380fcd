import { useState } from 'react';
import type { TodoList as TodoFlags } from '../../lib/api/auth';
import { CLOSE_TODO_CONFIRMATION, TODO_ITEMS, type TodoKey } from '../../lib/rules/todo-list';
import { Confirm } from '../../components/Confirm';
import { Icon } from '../../components/Icon';
import { closeTodo, completeTodo } from '../../stores/todo-list';
import '../../styles/notices.css';

/**
 * The account set-up to-do list (spec part 1, 2.5 and 4): five steps with links to where
 * they are done; each can be marked done, and the whole list closed after a confirmation.
 * A user without a list yet starts with every step open.
 */
export function TodoList({ todo }: { todo: TodoFlags | null }) {
  const [busy, setBusy] = useState<TodoKey | null>(null);
  if (todo?.closed) return null;
  const done = (key: TodoKey) => todo?.[key] === true;
  const count = TODO_ITEMS.filter((item) => done(item.key)).length;

  async function mark(key: TodoKey) {
    setBusy(key);
    await completeTodo(key);
    setBusy(null);
  }

  return (
    <section className="card" aria-labelledby="todo-title">
      <div className="todo-head">
        <h2 id="todo-title" className="card-title">
          Account Setup
        </h2>
        <span className="muted">
          {count} of {TODO_ITEMS.length} done
        </span>
        <Confirm
          message={CLOSE_TODO_CONFIRMATION}
          title="Close the to-do list"
          onConfirm={async () => {
            await closeTodo();
          }}
          trigger={
            <button type="button" className="icon-button" aria-label="Close the account setup to-do list">
              <Icon name="close" size={18} />
            </button>
          }
        />
      </div>
      <ul className="todo-list">
        {TODO_ITEMS.map((item) => {
          const isDone = done(item.key);
          return (
            <li key={item.key} className="todo-item">
              <Icon name={isDone ? 'checkCircle' : 'circle'} size={20} className={`todo-mark${isDone ? ' is-done' : ''}`} label={isDone ? 'Done' : 'To do'} />
              {isDone ? <span className="todo-done-label">{item.label}</span> : <a href={item.href}>{item.label}</a>}
              {isDone ? null : (
                <button type="button" className="button button-small" onClick={() => void mark(item.key)} disabled={busy !== null} aria-label={`Mark "${item.label}" as done`}>
                  Mark as done
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
