import { useStore } from '@nanostores/react';
import { ScrollBox } from '../../../components/ScrollBox';
import { Flag } from '../../../components/Flag';
import { formatMoney } from '../../../lib/billing/money';
import { MAX_SLOTS } from '../../../lib/schemas/ip-orders';
import { $ipOrder, setCount, setSlots, slotsErrorKey } from '../../../stores/ip-order';

/**
 * Page 2 (spec part 3, 2.3 and 5): per country its cities, each with a count from 0 to what is
 * available and the website slots per address (1 to 10 dedicated; 1 and disabled for shared).
 */
export function AvailabilityPage() {
  const state = useStore($ipOrder);
  const shared = state.ipType === 'SHARED';
  if (state.marketplace.length === 0) return <p>Nothing is on offer for these filters.</p>;
  return (
    <div className="ip-order-page">
      {state.errors.locations ? (
        <p className="alert alert-error" role="alert">
          {state.errors.locations}
        </p>
      ) : null}
      <ScrollBox className="data-table-wrap ip-order-scroll" label="Available IP addresses by location">
        <table className="data-table ip-order-table">
          <caption className="visually-hidden">Available IP addresses by location</caption>
          <thead>
            <tr>
              <th scope="col">Location</th>
              <th scope="col">Price a month</th>
              <th scope="col">Available</th>
              <th scope="col">IP addresses</th>
              <th scope="col">Website slots per IP</th>
            </tr>
          </thead>
          {state.marketplace.map((country) => (
            <tbody key={country.country_code}>
              <tr className="ip-order-country">
                <th scope="colgroup" colSpan={5}>
                  <Flag code={country.country_code} />
                  {country.country_name}
                </th>
              </tr>
              {country.locations.map((l) => {
                const pick = state.picks[l.hash] ?? { count: 0, slots: 1 };
                const soldOut = l.ip_address_count === 0;
                const slotsError = state.errors[slotsErrorKey(l.hash)];
                const slotsErrorId = `ip-order-slots-error-${l.hash}`;
                return (
                  <tr key={l.hash} data-location={l.hash}>
                    <th scope="row">{l.city}</th>
                    <td>
                      <span className="nowrap">{formatMoney(l.price, l.currency)}</span>
                      {!shared ? (
                        <span className="ip-order-muted">
                          {' '}
                          + <span className="nowrap">{formatMoney(l.site_price, l.currency)}</span> a slot
                        </span>
                      ) : null}
                    </td>
                    <td>{l.ip_address_count}</td>
                    <td>
                      <input
                        type="number"
                        className="input input-small"
                        aria-label={`IP addresses in ${l.city}`}
                        min={0}
                        max={l.ip_address_count}
                        value={pick.count}
                        disabled={soldOut}
                        onChange={(e) => setCount(l.hash, e.target.valueAsNumber)}
                      />
                    </td>
                    <td>
                      <input
                        type="number"
                        className="input input-small"
                        aria-label={`Website slots per IP address in ${l.city}`}
                        min={1}
                        max={MAX_SLOTS[state.ipType]}
                        value={pick.slots}
                        disabled={shared || soldOut}
                        aria-invalid={slotsError ? true : undefined}
                        aria-describedby={slotsError ? slotsErrorId : undefined}
                        onChange={(e) => setSlots(l.hash, e.target.valueAsNumber)}
                      />
                      {slotsError ? (
                        <p className="field-error" id={slotsErrorId}>
                          {slotsError}
                        </p>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          ))}
        </table>
      </ScrollBox>
    </div>
  );
}
