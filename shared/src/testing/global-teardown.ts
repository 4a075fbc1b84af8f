export default async function globalTeardown(): Promise<void> {
  const services = globalThis.teamfolkTestServices ?? [];
  globalThis.teamfolkTestServices = undefined;
  for (const service of services) await service.stop();
}
