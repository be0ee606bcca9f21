import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { indexTextRows, rowText, rowWindow } from './textLines.ts';

/** Characters per row before a long line is cut; a 50 MB one-line JSON file becomes rows of this width. */
const ROW_WIDTH = 160;
/** Must match .virtual-text__row's line height in sessions.css. */
const ROW_HEIGHT = 20;

/**
 * A monospace, scrollable view of a large text that draws only the rows in view, so a 50 MB file scrolls as
 * smoothly as a small one (the DOM holds a few dozen rows, never the whole file).
 */
export function VirtualText({ text, label }: { text: string; label: string }) {
  const rows = useMemo(() => indexTextRows(text, ROW_WIDTH), [text]);
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ scrollTop: 0, height: 400 });
  const frame = useRef(0);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setView({ scrollTop: element.scrollTop, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    cancelAnimationFrame(frame.current);
    // One update per frame however fast the user flings the list.
    frame.current = requestAnimationFrame(() => {
      const element = box.current;
      if (element) setView({ scrollTop: element.scrollTop, height: element.clientHeight });
    });
  };

  const shownRows = rowWindow(view.scrollTop, view.height, rows.count, ROW_HEIGHT);
  const shown: string[] = [];
  for (let i = shownRows.first; i < shownRows.last; i++) shown.push(rowText(text, rows, i));
  return (
    // Focusable so the keyboard can scroll it; named so a screen reader says what it holds.
    <div ref={box} className="virtual-text" role="region" aria-label={label} tabIndex={0} onScroll={onScroll}>
      <div className="virtual-text__spacer" style={{ height: shownRows.height }}>
        <pre className="virtual-text__rows" style={{ transform: `translateY(${String(shownRows.top)}px)` }}>
          {shown.map((row, i) => (
            <div key={shownRows.first + i} className="virtual-text__row">
              {row || ' '}
            </div>
          ))}
        </pre>
      </div>
    </div>
  );
}
