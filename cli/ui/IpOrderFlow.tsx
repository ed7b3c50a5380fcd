import { ConfirmInput, MultiSelect, Select, Spinner } from '@inkjs/ui';
import { Box, Text } from 'ink';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { IpOrderOptions } from '../../src/lib/api/ip-orders';
import { formatMoney } from '../../src/lib/billing';
import { askIpOrder } from '../../src/lib/ip-order/asking';
import { availableLocations, chosenOrderOf, couponWarned, summaryOfOrder, type ChosenOrder } from '../../src/lib/ip-order/derived';
import type { IpOrderCalls } from '../../src/lib/ip-order/flow';
import { CHOOSE_ANOTHER_FILTER, NOTHING_OFFERED, NO_IP_GROUPS, numberAsked, passed, tickedLocations, type Answer, type AskedIpOrder } from '../../src/lib/ip-order/questions';
import {
  COUPON_OVERRIDES,
  IP_FILTER_LABELS,
  IP_TYPE_LABELS,
  NO_FILTER_QUESTION,
  NO_FILTER_WARNING,
  ORDER_DEFAULTS,
  normaliseCoupon,
  type IpAddressType,
  type IpFilter,
} from '../../src/lib/schemas/ip-orders';
import type { OrderCatalogue } from '../commands/ip-order';
import { LineInput } from './LineInput';

/** What the flow asks the API for as the answers come in. */
export interface IpOrderSources extends IpOrderCalls {
  catalogue: OrderCatalogue;
}

export interface IpOrderFlowProps extends IpOrderSources {
  /** The order as chosen and confirmed, or null when the person declined it. */
  onDone(order: ChosenOrder | null): void;
}

/** The default first, so Enter takes it; 'No filter', which asks again, last. */
export const FILTER_ORDER: readonly IpFilter[] = ['C', 'B', 'A', 'NONE'];

/** The billing cycles with the default first, so Enter takes it (a Select's defaultValue counts as chosen, and Enter on it does nothing). */
export const cyclesInOrder = (options: IpOrderOptions) =>
  [...options.billing_cycles].sort((a, b) => Number(b.name === ORDER_DEFAULTS.billingCycle) - Number(a.name === ORDER_DEFAULTS.billingCycle));

const percentOff = (discount: IpOrderOptions['billing_cycles'][number]['discount']) => (discount ? ` (${discount.percentage_value}% off)` : '');
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Answered({ label, value }: { label: string; value: string }) {
  return (
    <Text>
      <Text color="green">✔</Text> {label}: <Text dimColor>{value}</Text>
    </Text>
  );
}

function Question({ label, children, error }: { label: string; children: React.ReactNode; error?: string | null | undefined }) {
  return (
    <Box flexDirection="column">
      <Text bold>
        <Text color="cyan">?</Text> {label}
      </Text>
      <Box paddingLeft={2} flexDirection="column">
        {children}
        {error ? <Text color="red">{error}</Text> : null}
      </Box>
    </Box>
  );
}

/** The answers given so far, above the question asked now. */
function Answers({ state }: { state: AskedIpOrder }) {
  const groupName = (guid: string) => state.groups.find((g) => g.guid === guid)?.name ?? guid;
  const lines: React.ReactNode[] = [];
  if (state.group) lines.push(<Answered key="group" label="IP group" value={groupName(state.group)} />);
  if (passed(state, 'type')) lines.push(<Answered key="type" label="Type" value={IP_TYPE_LABELS[state.ipType]} />);
  if (passed(state, 'no-filter')) lines.push(<Answered key="filter" label="Subnet filter" value={IP_FILTER_LABELS[state.filter]} />);
  if (passed(state, 'exclude') && state.groups.length > 1) {
    lines.push(<Answered key="exclude" label="Excluded groups" value={state.excludedGroups.length ? state.excludedGroups.map(groupName).join(', ') : 'none'} />);
  }
  if (passed(state, 'locations')) {
    for (const l of tickedLocations(state)) {
      const pick = state.picks[l.hash];
      if (pick?.count)
        lines.push(<Answered key={l.hash} label={l.city} value={`${plural(pick.count, 'address', 'addresses')}, ${plural(pick.slots, 'website slot', 'website slots')} each`} />);
    }
  }
  if (passed(state, 'cycle')) lines.push(<Answered key="cycle" label="Billing cycle" value={state.billingCycle} />);
  if (passed(state, 'coupon')) lines.push(<Answered key="coupon" label="Coupon" value={normaliseCoupon(state.coupon) ?? 'none'} />);
  return <>{lines}</>;
}

/** The question asked now, whose answer goes to `send`; `typing` takes back what was said about the last answer. */
function Asked({ state, send, typing }: { state: AskedIpOrder; send: (answer: Answer) => void; typing: () => void }) {
  // Asking starts with the options the command read (startAsking), and keeps them.
  const options = state.options!;
  const money = (cents: number) => formatMoney(cents, options.currency);
  switch (state.asking.at) {
    case 'group':
      return (
        <Question label="Which IP group do the addresses go to?">
          <Select options={state.groups.map((g) => ({ label: g.name, value: g.guid }))} onChange={(group) => send({ to: 'group', group })} />
        </Question>
      );
    case 'type':
      return (
        <Question label="IP address type">
          <Select
            options={(['DEDICATED', 'SHARED'] as const).map((t) => ({ label: IP_TYPE_LABELS[t], value: t }))}
            onChange={(t) => send({ to: 'type', ipType: t as IpAddressType })}
          />
        </Question>
      );
    case 'filter':
      return (
        <Question label="Subnet filter" error={state.problem}>
          <Select options={FILTER_ORDER.map((f) => ({ label: IP_FILTER_LABELS[f], value: f }))} onChange={(f) => send({ to: 'filter', filter: f as IpFilter })} />
        </Question>
      );
    case 'no-filter':
      return (
        <Question label={`${NO_FILTER_QUESTION} ${NO_FILTER_WARNING}`}>
          <ConfirmInput defaultChoice="cancel" onConfirm={() => send({ to: 'no-filter', sure: true })} onCancel={() => send({ to: 'no-filter', sure: false })} />
        </Question>
      );
    case 'exclude':
      return (
        <Question label="Exclude the subnets of these groups (space to tick, Enter when done)">
          <MultiSelect
            options={state.groups.filter((g) => g.guid !== state.group).map((g) => ({ label: g.name, value: g.guid }))}
            onSubmit={(groups) => send({ to: 'exclude', groups })}
          />
        </Question>
      );
    case 'loading':
      return <Spinner label="Reading what each location has…" />;
    case 'locations': {
      const available = availableLocations(state);
      return available.length ? (
        <Question label="Locations (space to tick, Enter when done)" error={state.problem}>
          <MultiSelect
            visibleOptionCount={10}
            options={available.map((l) => ({ label: `${l.city}, ${l.country} - ${l.ip_address_count} available, ${money(l.price)} a month`, value: l.hash }))}
            onSubmit={(hashes) => send({ to: 'locations', hashes })}
          />
        </Question>
      ) : (
        <Question label={NOTHING_OFFERED}>
          <Text>{CHOOSE_ANOTHER_FILTER}</Text>
          <ConfirmInput onConfirm={() => send({ to: 'nothing-offered', again: true })} onCancel={() => send({ to: 'nothing-offered', again: false })} />
        </Question>
      );
    }
    case 'count':
    case 'slots': {
      const asked = numberAsked(state)!;
      const { city, site_price } = asked.location;
      const label = asked.at === 'count' ? `IP addresses in ${city}` : `Website slots per address in ${city} (${money(site_price)} a month each beyond the first)`;
      return (
        <Question label={`${label} (${asked.min}-${asked.max}, Enter for ${asked.initial})`} error={state.problem}>
          <LineInput key={`${asked.at}-${asked.location.hash}`} placeholder={String(asked.initial)} onChange={typing} onSubmit={(text) => send({ to: asked.at, text })} />
        </Question>
      );
    }
    case 'cycle':
      return (
        <Question label="Billing cycle">
          <Select
            options={cyclesInOrder(options).map((c) => ({ label: `${c.name}${percentOff(c.discount)}`, value: c.name }))}
            onChange={(cycle) => send({ to: 'cycle', cycle })}
          />
        </Question>
      );
    case 'coupon':
      return (
        <Question label="Coupon (Enter for none)" error={state.problem}>
          <LineInput onChange={typing} onSubmit={(text) => send({ to: 'coupon', text })} />
        </Question>
      );
    case 'summary': {
      const priced = summaryOfOrder(state)!;
      return (
        <Box flexDirection="column">
          {priced.items.map((item) => (
            <Text key={item.description}>
              {item.description}: {item.quantity} x {money(item.rate)} = {money(item.sub_total)}
            </Text>
          ))}
          {priced.discount_amount ? <Text>Discount: -{money(priced.discount_amount)}</Text> : null}
          {couponWarned(state) ? <Text color="yellow">{COUPON_OVERRIDES}</Text> : null}
          <Text bold>Total: {money(priced.total_amount)}</Text>
          <Question label="Place this order? It makes an invoice to pay.">
            <ConfirmInput defaultChoice="cancel" onConfirm={() => send({ to: 'summary', place: true })} onCancel={() => send({ to: 'summary', place: false })} />
          </Question>
        </Box>
      );
    }
  }
}

/**
 * `hostdeck ip order` asked step by step: the order of src/lib/ip-order asked a question at a
 * time (./questions.ts there says which and in what order), drawn here with the answers so far
 * above the question, and handed on once it is over.
 */
export function IpOrderFlow({ catalogue, marketplace, options, onDone }: IpOrderFlowProps) {
  const [order] = useState(() => askIpOrder(catalogue, { marketplace, options }));
  const state = useSyncExternalStore(order.state.subscribe, order.state.get);

  // Told once, when the walk ends: the state at that moment is the answer, and onDone is the caller's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the end of the walk calls onDone, not every later render.
  useEffect(() => {
    if (!state.open) onDone(state.confirmed ? chosenOrderOf(state) : null);
  }, [state.open]);

  return (
    <Box flexDirection="column">
      <Answers state={state} />
      {state.open ? <Asked state={state} send={(answer) => void order.answer(answer)} typing={order.typing} /> : null}
      {state.groups.length ? null : <Text color="yellow">{NO_IP_GROUPS}</Text>}
    </Box>
  );
}
