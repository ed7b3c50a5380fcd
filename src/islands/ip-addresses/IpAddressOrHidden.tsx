import { useStore } from '@nanostores/react';
import { Tooltip } from '../../components/Tooltip';
import { $permissions, can } from '../../stores/permissions';

/** Spec part 3, 2.2: without can_view_ip_addresses an order's IP address reads 'Hidden!'. */
export const HIDDEN_IP = 'Hidden!';
export const HIDDEN_IP_TIP = 'Contact your account manager!';

/**
 * An IP address as pages outside the IP area show it (an order, a cancellation request): the
 * address for viewers with can_view_ip_addresses, otherwise 'Hidden!' with the tip.
 */
export function IpAddressOrHidden({ ip }: { ip: string }) {
  const permissions = useStore($permissions);
  if (can('can_view_ip_addresses', permissions)) return <span className="mono">{ip}</span>;
  return (
    <Tooltip content={HIDDEN_IP_TIP}>
      <button type="button" className="link-button" aria-label={`${HIDDEN_IP} ${HIDDEN_IP_TIP}`}>
        {HIDDEN_IP}
      </button>
    </Tooltip>
  );
}
