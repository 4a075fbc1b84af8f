/**
 * The browser's window for unit tests, which run in node: localStorage kept in the returned Map, and
 * the page's location. Set it before a module that reads them at load time is imported.
 */
export function fakeBrowserWindow(pathname = '/'): Map<string, string> {
  const storage = new Map<string, string>();
  Object.assign(globalThis, {
    window: {
      localStorage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => storage.set(key, value),
        removeItem: (key: string) => storage.delete(key),
      },
      location: { pathname },
    },
  });
  return storage;
}
