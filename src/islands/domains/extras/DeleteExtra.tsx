import { Confirm } from '../../../components/Confirm';
import { mayDeleteExtra } from '../../../stores/domain-extras';

/**
 * A subdomain's or an email forwarder's Delete (spec part 2, 4.1): asked first while it is
 * ACTIVE or PENDING, shown disabled otherwise. `name` names the row for screen readers.
 */
export function DeleteExtra({ name, status, onDelete }: { name: string; status: string; onDelete: () => Promise<void> }) {
  if (!mayDeleteExtra(status)) {
    return (
      <button type="button" className="button button-small button-danger" aria-label={`Delete ${name}`} disabled>
        Delete
      </button>
    );
  }
  return (
    <Confirm
      message={`Are you sure you want to delete ${name}?`}
      trigger="Delete"
      triggerSize="small"
      triggerVariant="danger"
      triggerAriaLabel={`Delete ${name}`}
      onConfirm={onDelete}
    />
  );
}
