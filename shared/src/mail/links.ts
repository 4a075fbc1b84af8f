/** The first absolute http(s) link of a mail body: how tests and scripts follow an e-mailed link. */
export function firstLink(text: string): string | null {
  return /https?:\/\/[^\s<>"']+/.exec(text)?.[0] ?? null;
}
