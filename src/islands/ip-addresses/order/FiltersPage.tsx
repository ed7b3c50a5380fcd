import { useStore } from '@nanostores/react';
import { Dialog } from '../../../components/Dialog';
import { MultiPicker } from '../../../components/MultiPicker';
import { $ipOrder, cancelNoFilter, confirmNoFilter, setExcludedGroups, setFilter, setIpType } from '../../../stores/ip-order';
import {
  IP_FILTERS,
  IP_FILTER_LABELS as FILTER_LABELS,
  IP_TYPE_LABELS as TYPE_LABELS,
  NO_FILTER_CONFIRM,
  NO_FILTER_QUESTION,
  NO_FILTER_WARNING,
} from '../../../lib/schemas/ip-orders';

/** Page 1 (spec part 3, 2.3): type, subnet filter ('No filter' asks first, spec 4: the order holds the question) and excluded groups. */
export function FiltersPage() {
  const state = useStore($ipOrder);

  return (
    <div className="ip-order-page">
      <fieldset className="choice-group">
        <legend>IP address type</legend>
        {(['DEDICATED', 'SHARED'] as const).map((type) => (
          <label key={type} className="choice">
            <input type="radio" name="ip_address_type" value={type} checked={state.ipType === type} onChange={() => setIpType(type)} /> {TYPE_LABELS[type]}
          </label>
        ))}
      </fieldset>
      <fieldset className="choice-group">
        <legend>Subnet filter</legend>
        {IP_FILTERS.map((filter) => (
          <label key={filter} className="choice">
            <input type="radio" name="ip_address_filter" value={filter} checked={state.filter === filter} onChange={() => setFilter(filter)} /> {FILTER_LABELS[filter]}
          </label>
        ))}
      </fieldset>
      <MultiPicker
        label="Exclude groups from the subnet filter"
        value={state.excludedGroups}
        onValueChange={setExcludedGroups}
        options={state.groups.map((g) => ({ value: g.guid, label: g.name }))}
        hint="The filter keeps new addresses out of the subnets of your addresses in every group but these."
        placeholder="Type a group's name..."
      />
      <Dialog
        title={NO_FILTER_QUESTION}
        size="sm"
        open={state.confirmingNoFilter}
        onOpenChange={(open) => {
          if (!open) cancelNoFilter();
        }}
        footer={
          <>
            <button type="button" className="button" onClick={cancelNoFilter}>
              Cancel
            </button>
            <button type="button" className="button button-primary" onClick={confirmNoFilter}>
              {NO_FILTER_CONFIRM}
            </button>
          </>
        }
      >
        <p className="alert alert-warning">{NO_FILTER_WARNING}</p>
      </Dialog>
    </div>
  );
}
