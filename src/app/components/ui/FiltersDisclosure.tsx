import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ChevronDownIcon, ChevronRightIcon } from './icons.tsx';

export type FiltersDisclosureProps = {
  /** Shown in the title, e.g. 'Filters (2)' (docs/spec.md §2: the count of active filters). */
  activeCount: number;
  defaultExpanded?: boolean;
  children: ReactNode;
};

const OPEN = <ChevronDownIcon size={20} />;
const CLOSED = <ChevronRightIcon size={20} />;

/**
 * The collapsible Filters panel of a list screen; its trigger is a level-2 heading button named 'Filters (n)' that
 * says whether it is expanded and which panel it controls, the panel a group named by it (WAI-ARIA APG disclosure
 * pattern, as react-aria's Disclosure builds it). Plain elements: react-aria's Disclosure tracks focus within the
 * panel and rendered itself and its trigger three more times on every click of a filter inside it (the session
 * browser's filter change must fit in a frame at 100,000 sessions).
 */
export function FiltersDisclosure({ activeCount, defaultExpanded = false, children }: FiltersDisclosureProps) {
  const [isExpanded, setExpanded] = useState(defaultExpanded);
  const triggerId = useId();
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // 'until-found' (HTML's hidden attribute) keeps a closed panel's text findable: find-in-page opens the panel.
  useLayoutEffect(() => {
    if (isExpanded) panel.current?.removeAttribute('hidden');
    else panel.current?.setAttribute('hidden', 'until-found');
  }, [isExpanded]);
  useEffect(() => {
    const element = panel.current;
    const open = () => setExpanded(true);
    element?.addEventListener('beforematch', open);
    return () => element?.removeEventListener('beforematch', open);
  }, []);
  return (
    <div className="filters" data-expanded={isExpanded || undefined}>
      <h2 className="filters__heading">
        <button
          type="button"
          id={triggerId}
          className="filters__trigger"
          aria-expanded={isExpanded}
          aria-controls={panelId}
          onClick={() => setExpanded((expanded) => !expanded)}
        >
          {isExpanded ? OPEN : CLOSED}
          Filters{activeCount > 0 ? ` (${String(activeCount)})` : ''}
        </button>
      </h2>
      <div
        ref={panel}
        id={panelId}
        role="group"
        aria-labelledby={triggerId}
        aria-hidden={!isExpanded}
        className="filters__panel"
        data-expanded={isExpanded || undefined}
      >
        {children}
      </div>
    </div>
  );
}
