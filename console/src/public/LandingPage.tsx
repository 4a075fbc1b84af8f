import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { en } from '../i18n/en';
import { CalendarShowcase } from './landing/CalendarShowcase';
import { ClosingCallToAction } from './landing/ClosingCallToAction';
import { FeatureCards } from './landing/FeatureCards';
import { HeroSection } from './landing/HeroSection';
import { PricingSection } from './landing/PricingSection';
import { StatTiles } from './landing/StatTiles';
import { Testimonials } from './landing/Testimonials';
import { PageMeta } from './site/PageMeta';
import { scrollToSection } from './site/scrollToSection';
import { SiteLayout } from './site/SiteLayout';

const texts = en.app.landing;

/** The public marketing page. It uses no MUI component and none of react-admin, to stay within its JavaScript budget. */
export function LandingPage() {
  const { hash } = useLocation();

  useEffect(() => {
    if (hash) scrollToSection(decodeURIComponent(hash.slice(1)), 'instant');
  }, [hash]);

  return (
    <SiteLayout>
      <PageMeta title={texts.documentTitle} description={texts.description} />
      <HeroSection />
      <StatTiles />
      <CalendarShowcase />
      <FeatureCards />
      <Testimonials />
      <PricingSection />
      <ClosingCallToAction />
    </SiteLayout>
  );
}
