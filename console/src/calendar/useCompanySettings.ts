import { useEffect, useState } from 'react';
import type { CompanySettings } from '@teamfolk/shared/contracts';
import { useDataProvider } from 'react-admin';
import type { TeamfolkDataProvider } from '../providers/dataProvider';

/**
 * The company's calendar settings, read only when `enabled` (admins, who can change them).
 * Undefined until they arrive or when they could not be read: the screen then just offers no settings.
 */
export function useCompanySettings(enabled: boolean): [CompanySettings | undefined, (saved: CompanySettings) => void] {
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [settings, setSettings] = useState<CompanySettings>();

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    dataProvider.getCompanySettings({ signal: controller.signal }).then(
      ({ data }) => setSettings(data),
      (error: unknown) => {
        if (!controller.signal.aborted) console.warn('Failed to load the calendar settings:', error);
      },
    );
    return () => controller.abort();
  }, [dataProvider, enabled]);

  return [enabled ? settings : undefined, setSettings];
}
