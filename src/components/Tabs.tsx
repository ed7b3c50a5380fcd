import type { ReactNode } from 'react';
import { Tabs as ArkTabs } from '@ark-ui/react/tabs';
import '../styles/controls.css';

export interface TabItem {
  value: string;
  label: string;
}

export interface TabsProps {
  tabs: readonly TabItem[];
  value: string;
  onValueChange: (value: string) => void;
  /** Names the tab list for assistive technology. */
  label: string;
  /** The content of the selected tab only (the others load when chosen). */
  children: ReactNode;
}

/** A tab strip with arrow-key navigation; the parent decides what choosing a tab does. */
export function Tabs({ tabs, value, onValueChange, label, children }: TabsProps) {
  return (
    <ArkTabs.Root className="tabs" value={value} onValueChange={(d) => onValueChange(d.value)} activationMode="manual">
      <ArkTabs.List className="tabs-list" aria-label={label}>
        {tabs.map((t) => (
          <ArkTabs.Trigger key={t.value} value={t.value} className="tabs-trigger">
            {t.label}
          </ArkTabs.Trigger>
        ))}
      </ArkTabs.List>
      <ArkTabs.Content value={value} className="tabs-content">
        {children}
      </ArkTabs.Content>
    </ArkTabs.Root>
  );
}
