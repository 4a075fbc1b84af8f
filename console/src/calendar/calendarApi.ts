import {
  ICAL_FILE_NAME,
  type CalendarEvent,
  type CalendarFeed,
  type CompanySettings,
  type GoogleCalendarLinks,
  type PublicHoliday,
} from '@teamfolk/shared/contracts';
import { apiDownload, apiRequest } from '../api/http';
import type { DateRange } from './calendarMonth';

export type SavedCompanySettings = CompanySettings & { message: string };

const rangeQuery = ({ start, end }: DateRange) => new URLSearchParams({ start, end }).toString();

export function fetchCalendarEvents(range: DateRange, signal?: AbortSignal): Promise<CalendarEvent[]> {
  return apiRequest<CalendarEvent[]>(`/calendar/events?${rangeQuery(range)}`, { signal });
}

export function fetchPublicHolidays(range: DateRange, signal?: AbortSignal): Promise<PublicHoliday[]> {
  return apiRequest<PublicHoliday[]>(`/calendar/holidays?${rangeQuery(range)}`, { signal });
}

export function fetchGoogleCalendarLinks(): Promise<GoogleCalendarLinks> {
  return apiRequest<GoogleCalendarLinks>('/calendar/export/google');
}

export function fetchFeedUrl(signal?: AbortSignal): Promise<CalendarFeed> {
  return apiRequest<CalendarFeed>('/calendar/feed-url', { signal });
}

export function regenerateFeedUrl(): Promise<CalendarFeed> {
  return apiRequest<CalendarFeed>('/calendar/feed-url/regenerate', { method: 'POST' });
}

export function fetchCompanySettings(signal?: AbortSignal): Promise<CompanySettings> {
  return apiRequest<CompanySettings>('/calendar/settings', { signal });
}

export function saveCompanySettings(settings: CompanySettings): Promise<SavedCompanySettings> {
  return apiRequest<SavedCompanySettings>('/calendar/settings', { method: 'PUT', body: settings });
}

/**
 * The iCal export as a file. A plain link cannot carry the bearer token, so the file is fetched
 * and handed to the browser as a download of its own.
 */
export async function downloadIcalExport(): Promise<void> {
  saveAsFile(await apiDownload('/calendar/export/ical', 'text/calendar'), ICAL_FILE_NAME);
}

function saveAsFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns: revoking at once could cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
