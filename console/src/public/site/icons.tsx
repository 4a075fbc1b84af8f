import type { ReactNode } from 'react';

/** Inline stroke icons: the public site loads no icon library. Decorative, so hidden from assistive technology. */
function StrokeIcon({ size = 24, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function MenuIcon() {
  return (
    <StrokeIcon>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </StrokeIcon>
  );
}

export function CloseIcon() {
  return (
    <StrokeIcon>
      <path d="M6 6l12 12M18 6L6 18" />
    </StrokeIcon>
  );
}

export function ChevronDownIcon() {
  return (
    <StrokeIcon size={18}>
      <path d="M6 9l6 6 6-6" />
    </StrokeIcon>
  );
}

export function ArrowRightIcon() {
  return (
    <StrokeIcon size={20}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </StrokeIcon>
  );
}

export function CheckIcon({ size = 20 }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </StrokeIcon>
  );
}

export function PeopleIcon() {
  return (
    <StrokeIcon>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.6-3.6 3.2-6 6.5-6s5.9 2.4 6.5 6" />
      <path d="M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.4c2 .8 3.2 2.9 3.5 5.6" />
    </StrokeIcon>
  );
}

export function CalendarCheckIcon() {
  return (
    <StrokeIcon>
      <rect x="3" y="5" width="18" height="16" rx="2.5" />
      <path d="M3 10h18M8 3v4M16 3v4M9 15.5l2 2 4-4" />
    </StrokeIcon>
  );
}

export function CalendarSyncIcon() {
  return (
    <StrokeIcon>
      <path d="M21 11V7.5A2.5 2.5 0 0 0 18.5 5h-13A2.5 2.5 0 0 0 3 7.5v11A2.5 2.5 0 0 0 5.5 21H11" />
      <path d="M3 10h18M8 3v4M16 3v4" />
      <path d="M15 17.5a3 3 0 0 1 5.2-2M21 18.5a3 3 0 0 1-5.2 2M20.5 13.5v2h-2M15.5 22.5v-2h2" />
    </StrokeIcon>
  );
}

export function ChartIcon() {
  return (
    <StrokeIcon>
      <path d="M4 20V4M4 20h16" />
      <path d="M8 16v-4M12 16V8M16 16v-6M20 16V6" />
    </StrokeIcon>
  );
}

export function ShieldIcon() {
  return (
    <StrokeIcon>
      <path d="M12 3l7.5 3v5.5c0 4.6-3.1 8.2-7.5 9.5-4.4-1.3-7.5-4.9-7.5-9.5V6z" />
      <path d="M8.8 12.2l2.2 2.2 4.2-4.4" />
    </StrokeIcon>
  );
}

export function SparkIcon() {
  return (
    <StrokeIcon>
      <path d="M12 3v3M12 18v3M3 12h3M18 12h3M5.6 5.6l2.1 2.1M16.3 16.3l2.1 2.1M5.6 18.4l2.1-2.1M16.3 7.7l2.1-2.1" />
      <circle cx="12" cy="12" r="3" />
    </StrokeIcon>
  );
}

export function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z"
        fill={filled ? '#f5a524' : '#d7dde7'}
      />
    </svg>
  );
}
