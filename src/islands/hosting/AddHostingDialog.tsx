import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { Tabs } from '../../components/Tabs';
import { OwnServerForm } from './OwnServerForm';
import { SharedHostingOrder } from './order/SharedHostingOrder';

type AddTab = 'shared' | 'own';
const TABS = [
  { value: 'shared', label: 'Shared Hosting' },
  { value: 'own', label: 'Own Server' },
] as const satisfies readonly { value: AddTab; label: string }[];

/**
 * Add Hosting Account (spec part 3, 2.8): 900 px wide, 500 px while the Own Server tab (a custom
 * host) is chosen (src/styles/hosting.css). The Shared Hosting tab is the order
 * (src/islands/hosting/order/SharedHostingOrder.tsx), built with the plan change.
 */
export function AddHostingDialog() {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<AddTab>(TABS[0].value);
  const done = () => setOpen(false);
  return (
    <Dialog
      title="Add Hosting Account"
      size="lg"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setTab(TABS[0].value);
      }}
      trigger="Add Hosting Account"
      triggerVariant="primary"
    >
      <Tabs tabs={TABS} value={tab} onValueChange={(v) => setTab(v as AddTab)} label="Kind of hosting account">
        {tab === 'shared' ? <SharedHostingOrder onDone={done} /> : null}
        {tab === 'own' ? (
          <div className="own-server-tab">
            <OwnServerForm onDone={done} onCancel={done} />
          </div>
        ) : null}
      </Tabs>
    </Dialog>
  );
}
