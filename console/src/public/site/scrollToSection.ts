/** The landing page's sections that the top bar and the hero link to. */
export type LandingSection = 'features' | 'pricing';

/**
 * Scrolls smoothly to a section (instantly for visitors who prefer reduced motion) and moves focus
 * there, so keyboard and screen-reader users continue from the section they asked for.
 */
export function scrollToSection(id: string, behavior?: ScrollBehavior): boolean {
  const section = document.getElementById(id);
  if (!section) return false;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: behavior ?? (reduceMotion ? 'instant' : 'smooth'), block: 'start' });
  section.focus({ preventScroll: true });
  return true;
}
