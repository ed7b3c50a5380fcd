import { FormDialog } from '../../components/FormDialog';
import { useFormDialog } from '../../components/form/use-form-dialog';
import type { IpAddress } from '../../lib/api/ip-addresses';
import { slotUpgradeDueToday } from '../../lib/billing/proration';
import { formatMoney, type Currency } from '../../lib/billing/money';
import { slotLimits } from '../../lib/schemas/ip-addresses';
import { pickedRows, slotsForm, type SlotValues } from '../../stores/ip-addresses';
import { ScrollBox } from '../../components/ScrollBox';

/** 'Due today' of one address's new slot count (spec part 3, 9), through the one pricing module. */
export function dueToday(ip: IpAddress, slots: number, today: Date): number {
  const added = slots - ip.domains_allowed;
  if (added <= 0) return 0;
  return slotUpgradeDueToday({
    today,
    renewal: ip.order?.renewal_date ? new Date(ip.order.renewal_date) : today,
    slotCostCents: ip.cost.additional_website_slot_cost,
    addedSlots: added,
  }).due_today;
}

const INITIAL: SlotValues = { rows: [], slots: {} };

/**
 * Modify website slots (spec part 3, 2.2, 4 "Website slots", 5 "Modify slots" and 9): the new
 * count per picked address of the page shown, within its limits, and what the upgrades cost
 * today; saving makes the upgrade invoice (and goes to it) or schedules the downgrades.
 */
export function SlotsDialog({ disabled }: { disabled: boolean }) {
  const { form, dialog } = useFormDialog(slotsForm, {
    initial: INITIAL,
    onOpen: () => {
      const rows = pickedRows();
      form.set('rows', rows);
      form.set('slots', Object.fromEntries(rows.map((ip) => [ip.guid, ip.domains_allowed])));
    },
  });
  const { rows, slots } = form.values;
  const today = new Date();
  const currency = (rows[0]?.cost.currency ?? 'USD') as Currency;
  const total = rows.reduce((sum, ip) => sum + dueToday(ip, slots[ip.guid] ?? ip.domains_allowed, today), 0);
  const downgrading = rows.some((ip) => (slots[ip.guid] ?? ip.domains_allowed) < ip.domains_allowed);
  const errors = Object.entries(form.errors).filter(([, sentence]) => Boolean(sentence));

  return (
    <FormDialog title="Modify website slots" size="lg" {...dialog} trigger="Modify Website Slots" triggerDisabled={disabled} submitLabel="Save" submitDisabled={rows.length === 0}>
      {rows.length === 0 ? (
        <p>Select the IP addresses to change on the page shown.</p>
      ) : (
        <>
          <ScrollBox className="data-table-wrap" label="New website slots">
            <table className="data-table">
              <caption className="visually-hidden">New website slots</caption>
              <thead>
                <tr>
                  <th scope="col">IP Address</th>
                  <th scope="col">Used</th>
                  <th scope="col">Slots</th>
                  <th scope="col">Due today</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((ip) => {
                  const { min, max } = slotLimits(ip);
                  const value = slots[ip.guid] ?? ip.domains_allowed;
                  return (
                    <tr key={ip.guid}>
                      <td className="mono">{ip.ip_address}</td>
                      <td>{ip.domain_count}</td>
                      <td>
                        <input
                          type="number"
                          className="input input-small slots-input"
                          min={min}
                          max={max}
                          value={value}
                          disabled={ip.ip_address_type === 'SHARED'}
                          aria-label={`Website slots for ${ip.ip_address}`}
                          onChange={(e) => form.set('slots', { ...slots, [ip.guid]: Math.min(Math.max(Number(e.target.value) || min, min), max) })}
                        />
                      </td>
                      <td className="cell-number">{formatMoney(dueToday(ip, value, today), ip.cost.currency as Currency)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollBox>
          <p className="slots-total" role="status">
            Due today: <strong data-testid="slots-due-today">{formatMoney(total, currency)}</strong>.
            {total > 0 ? ' Saving creates an invoice for it; the slots are added once it is paid.' : ''}
            {downgrading ? ' Downgrades are processed at the end of the billing cycle.' : ''}
          </p>
        </>
      )}
      {errors.map(([field, sentence]) => (
        <p key={field} className="field-error" role="alert">
          {sentence}
        </p>
      ))}
    </FormDialog>
  );
}
