export default async function globalTeardown(): Promise<void> {
  for (const service of globalThis.teamfolkTestServices ?? []) await service.stop();
}
