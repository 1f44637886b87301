import { Tabs } from '@mantine/core';
import classes from './RouteTabs.module.css';

export interface RouteTab<Name extends string> {
  name: Name;
  label: string;
}

/**
 * The tab bar of a record whose tabs are pages (one route each, so each can be linked to and
 * reloaded): choosing a tab calls `onSelect`, which navigates. On a phone the tabs wrap into rows
 * that share the width, so every tab is on screen and nothing scrolls sideways, neither the page nor
 * the bar (a bar that scrolls hides most of the tabs behind its edge).
 */
export function RouteTabs<Name extends string>({
  label,
  tabs,
  active,
  onSelect,
}: {
  /** The tab list's accessible name, e.g. "Customer sections". */
  label: string;
  tabs: readonly RouteTab<Name>[];
  active: Name;
  onSelect: (name: Name) => void;
}) {
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        const tab = tabs.find((item) => item.name === value);
        if (tab) onSelect(tab.name);
      }}
    >
      <Tabs.List aria-label={label} className={classes.list}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.name} value={tab.name} fw={600} className={classes.tab}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
