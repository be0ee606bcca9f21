import { useCallback, useEffect, useState, type RefObject } from 'react';

/** Safari on iPad (before iPadOS 16.4) has only the prefixed Fullscreen API. */
type PrefixedElement = HTMLElement & { webkitRequestFullscreen?: () => Promise<void> | void };
type PrefixedDocument = Document & {
  webkitFullscreenElement?: Element | null;
  webkitExitFullscreen?: () => Promise<void> | void;
};

const fullscreenElement = () =>
  document.fullscreenElement ?? (document as PrefixedDocument).webkitFullscreenElement ?? null;

/** Full screen for the viewer container (the canvas and its controls together), following Esc and system exits. */
export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const [isFullscreen, setFullscreen] = useState(false);
  const isSupported =
    typeof document !== 'undefined' && (document.fullscreenEnabled || 'webkitExitFullscreen' in document);

  useEffect(() => {
    const onChange = () => setFullscreen(ref.current !== null && fullscreenElement() === ref.current);
    document.addEventListener('fullscreenchange', onChange);
    document.addEventListener('webkitfullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      document.removeEventListener('webkitfullscreenchange', onChange);
    };
  }, [ref]);

  const toggle = useCallback(async () => {
    const element: PrefixedElement | null = ref.current;
    if (!element) return;
    const doc = document as PrefixedDocument;
    try {
      if (fullscreenElement() === element) {
        await (typeof document.exitFullscreen === 'function'
          ? document.exitFullscreen()
          : doc.webkitExitFullscreen?.());
      } else {
        await (typeof element.requestFullscreen === 'function'
          ? element.requestFullscreen()
          : element.webkitRequestFullscreen?.());
      }
    } catch {
      // The browser refused (e.g. not from a user gesture): the button simply stays as it was.
    }
  }, [ref]);

  return { isFullscreen, isSupported, toggle };
}
