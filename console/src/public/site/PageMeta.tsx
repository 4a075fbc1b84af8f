import { useEffect } from 'react';
import { useLocation } from 'react-router';

interface PageMetaProps {
  title: string;
  description: string;
}

/**
 * A public page's title, description, canonical URL and social metadata. index.html carries the
 * defaults that crawlers without JavaScript read; this adjusts those same tags for the page shown
 * (a second canonical link would contradict the first) and restores them when the page goes away.
 * Pages that must stay out of search results render `<meta name="robots" content="noindex" />`.
 */
export function PageMeta({ title, description }: PageMetaProps) {
  const { pathname } = useLocation();
  const canonicalUrl = `${window.location.origin}${pathname}`;

  useEffect(() => {
    const restorers = [
      setHeadAttribute('link[rel="canonical"]', 'href', canonicalUrl),
      setHeadAttribute('meta[name="description"]', 'content', description),
      setHeadAttribute('meta[property="og:url"]', 'content', canonicalUrl),
      setHeadAttribute('meta[property="og:title"]', 'content', title),
      setHeadAttribute('meta[property="og:description"]', 'content', description),
      setHeadAttribute('meta[name="twitter:title"]', 'content', title),
      setHeadAttribute('meta[name="twitter:description"]', 'content', description),
    ];
    return () => restorers.forEach((restore) => restore());
  }, [canonicalUrl, title, description]);

  return <title>{title}</title>;
}

function setHeadAttribute(selector: string, attribute: string, value: string): () => void {
  const element = document.head.querySelector(selector);
  if (!element) return () => undefined;
  const previous = element.getAttribute(attribute);
  element.setAttribute(attribute, value);
  return () => {
    if (previous === null) element.removeAttribute(attribute);
    else element.setAttribute(attribute, previous);
  };
}
