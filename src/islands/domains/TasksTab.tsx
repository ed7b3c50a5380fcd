import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import { PagedTable, pagedColumnHelper, ReloadButton } from '../../components/table';
import type { Task } from '../../lib/api/tasks';
import { taskKindLabel } from '../../lib/rules/task-kinds';
import { $tasksLive, groupTasksList, showGroupTasks } from '../../stores/group-tasks';

const humanise = (word: string) => word.charAt(0) + word.slice(1).toLowerCase().replace(/_/g, ' ');

function TaskItems({ task }: { task: Task }) {
  return (
    <ul className="task-items" aria-label={`Steps of ${taskKindLabel(task.kind)}`}>
      {task.items.map((item) => (
        <li key={item.guid} className="task-item">
          <StatusBadge status={item.status} />
          <span>{humanise(item.action)}</span>
          {item.details ? <span className="muted">{item.details}</span> : null}
          {item.error ? <span className="task-item-error">{item.error}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** A task row: its kind, and the button that shows or hides its items. */
function TaskSummary({ task }: { task: Task }) {
  const [open, setOpen] = useState(task.status === 'FAILURE');
  return (
    <div>
      <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {taskKindLabel(task.kind)} ({task.items.length} {task.items.length === 1 ? 'step' : 'steps'})
      </button>
      {open ? <TaskItems task={task} /> : null}
    </div>
  );
}

const column = pagedColumnHelper<Task>();
const columns = column.columns([
  column.display({ id: 'task', header: 'Task', meta: { className: 'cell-wrap' }, cell: ({ row }) => <TaskSummary task={row.original} /> }),
  column.accessor('status', { header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
  column.accessor('progress_percentage', {
    header: 'Progress',
    cell: ({ getValue }) => (
      <span className="progress">
        <progress max={100} value={getValue()} aria-hidden="true" />
        {getValue()}%
      </span>
    ),
  }),
  column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} relative /> }),
  column.accessor('date_completed', { header: 'Completed', cell: ({ getValue }) => <DateTime value={getValue()} fallback="Not yet" /> }),
]);

const taskId = (t: Task) => t.guid;

/** The group's Tasks tab (spec part 2, 2.7): expandable rows, updated live by the task event stream. */
export function TasksTab({ group }: { group: string }) {
  showGroupTasks(group);
  const live = useStore($tasksLive);
  return (
    <section aria-label="Tasks">
      <div className="toolbar">
        <ReloadButton list={groupTasksList} />
        <span className="muted" role="status">
          {live ? 'Updating live.' : ''}
        </span>
      </div>
      <PagedTable caption="Tasks" columns={columns} list={groupTasksList} getRowId={taskId} empty="No tasks yet." />
    </section>
  );
}
