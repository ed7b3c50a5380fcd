import { statusWords } from '../lib/format/words';
import { booleanStatus, statusGroupOf } from '../lib/rules/status-groups';
import '../styles/controls.css';

/** A status in its colour group (spec part 1, 4) and in words; a boolean is ACTIVE or INACTIVE ('Active', 'Inactive'). */
export function StatusBadge({ status, label }: { status: string | boolean; label?: string }) {
  const text = label ?? statusWords(typeof status === 'boolean' ? booleanStatus(status) : status);
  return <span className={`status-badge status-${statusGroupOf(status)}`}>{text}</span>;
}
