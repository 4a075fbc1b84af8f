import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { scrollToSection, type LandingSection } from './scrollToSection';

interface SectionLinkProps {
  section: LandingSection;
  className?: string;
  /** Runs before scrolling, e.g. to close the menu the link sits in. */
  onFollow?: () => void;
  children: ReactNode;
}

/**
 * A crawlable link to a landing-page section: on the landing page it scrolls there smoothly,
 * elsewhere it navigates to `/#section` and the landing page scrolls on arrival.
 */
export function SectionLink({ section, className, onFollow, children }: SectionLinkProps) {
  const { pathname } = useLocation();
  return (
    <Link
      to={`/#${section}`}
      className={className}
      onClick={(event) => {
        onFollow?.();
        if (pathname === '/' && scrollToSection(section)) event.preventDefault();
      }}
    >
      {children}
    </Link>
  );
}
