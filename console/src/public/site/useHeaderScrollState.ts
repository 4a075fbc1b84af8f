import { useEffect, useState } from 'react';
import { LAYOUT } from '@teamfolk/shared/contracts';

/** Scroll movements smaller than this are jitter (trackpads, elastic scrolling) and change nothing. */
const SCROLL_JITTER_PX = 6;

/**
 * The top bar's two scroll-driven states: `solid` once the page has scrolled past the spec's
 * threshold, `hidden` while the visitor scrolls down past it (it returns as soon as they scroll up).
 */
export function useHeaderScrollState(): { solid: boolean; hidden: boolean } {
  const [solid, setSolid] = useState(false);
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    let lastScrollY = window.scrollY;
    let frame = 0;

    const update = () => {
      frame = 0;
      const scrollY = window.scrollY;
      const pastThreshold = scrollY > LAYOUT.landingTopBarScrollPx;
      setSolid(pastThreshold);
      const movement = scrollY - lastScrollY;
      if (Math.abs(movement) < SCROLL_JITTER_PX) return;
      setHidden(movement > 0 && pastThreshold);
      lastScrollY = scrollY;
    };
    const scheduleUpdate = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };

    update();
    window.addEventListener('scroll', scheduleUpdate, { passive: true });
    return () => {
      window.removeEventListener('scroll', scheduleUpdate);
      cancelAnimationFrame(frame);
    };
  }, []);

  return { solid, hidden };
}
