import type { ReactNode } from 'react';
import { Button as AriaButton, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { ChevronDownIcon, ChevronRightIcon } from './icons.tsx';

export type FiltersDisclosureProps = {
  /** Shown in the title, e.g. 'Filters (2)' (docs/spec.md §2: the count of active filters). */
  activeCount: number;
  defaultExpanded?: boolean;
  children: ReactNode;
};

/** The collapsible Filters panel of a list screen; its trigger is a level-2 heading button named 'Filters (n)'. */
export function FiltersDisclosure({ activeCount, defaultExpanded, children }: FiltersDisclosureProps) {
  return (
    <Disclosure className="filters" defaultExpanded={defaultExpanded}>
      {({ isExpanded }) => (
        <>
          <Heading level={2} className="filters__heading">
            <AriaButton slot="trigger" className="filters__trigger">
              {isExpanded ? <ChevronDownIcon size={20} /> : <ChevronRightIcon size={20} />}
              Filters{activeCount > 0 ? ` (${String(activeCount)})` : ''}
            </AriaButton>
          </Heading>
          <DisclosurePanel className="filters__panel">{children}</DisclosurePanel>
        </>
      )}
    </Disclosure>
  );
}
