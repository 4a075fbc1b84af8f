/**
 * An e-mailed link's token is sent to the API once per page load, whatever React does with effects
 * and re-renders (StrictMode mounts twice in development; Suspense needs the same promise each render).
 */
export function oncePerToken<Outcome>(send: (token: string) => Promise<Outcome>): (token: string) => Promise<Outcome> {
  const sent = new Map<string, Promise<Outcome>>();
  return (token) => {
    let outcome = sent.get(token);
    if (!outcome) {
      outcome = send(token);
      sent.set(token, outcome);
    }
    return outcome;
  };
}
