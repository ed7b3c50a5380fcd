import { statusGroupOf } from '../lib/rules/status-groups';
import '../styles/controls.css';

/** A status in its colour group (spec part 1, 4); a boolean shows as ACTIVE or INACTIVE. */
export function StatusBadge({ status, label }: { status: string | boolean; label?: string }) {
  const text = label ?? (typeof status === 'boolean' ? (status ? 'ACTIVE' : 'INACTIVE') : status.replace(/_/g, ' '));
  return <span className={`status-badge status-${statusGroupOf(status)}`}>{text}</span>;
}
