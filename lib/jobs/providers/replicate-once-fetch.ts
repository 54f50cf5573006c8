/**
 * A fetch for the `replicate` client under which every request goes out once.
 *
 * The client retries on its own (replicate-javascript lib/util.js `withAutomaticRetries`): a 429
 * (any method), a 5xx on GET, and any thrown fetch, up to five more times at once, POSTs
 * included. A create whose answer was lost would then be sent again and could bill twice, and
 * a 429 would be hammered instead of waited out. The engine owns retries (Retry-After,
 * `findSubmitted`), so a repeat of the same request (the client passes the same init object each
 * time) gets the first outcome back without touching the network.
 *
 * The client reads an error reply's body into its message; the body is kept here, keyed by the
 * reply the client saw, so errors are mapped from the upstream's JSON rather than from text.
 */
export type OnceFetch = {
  fetch: typeof fetch;
  /** The body of a reply this fetch returned, as text. */
  bodyOf(response: Response): string | undefined;
};

type Outcome =
  | { ok: true; status: number; statusText: string; headers: Headers; body: ArrayBuffer }
  | { ok: false; error: unknown };

const NO_BODY = new Set([101, 204, 205, 304]);

export function onceFetch(fetchImpl: typeof fetch): OnceFetch {
  const outcomes = new WeakMap<object, Promise<Outcome>>();
  const bodies = new WeakMap<Response, string>();

  const first = async (input: RequestInfo | URL, init?: RequestInit): Promise<Outcome> => {
    try {
      const res = await fetchImpl(input, init);
      const body = await res.arrayBuffer();
      return {
        ok: true,
        status: res.status,
        statusText: res.statusText,
        headers: res.headers,
        body,
      };
    } catch (error) {
      return { ok: false, error };
    }
  };

  const once = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = init ?? (typeof input === "object" ? input : {});
    let outcome = outcomes.get(key);
    if (!outcome) {
      outcome = first(input, init);
      outcomes.set(key, outcome);
    }
    const settled = await outcome;
    if (!settled.ok) throw settled.error;
    const body = NO_BODY.has(settled.status) ? null : settled.body.slice(0);
    const res = new Response(body, {
      status: settled.status,
      statusText: settled.statusText,
      headers: settled.headers,
    });
    bodies.set(res, new TextDecoder().decode(settled.body));
    return res;
  }) as typeof fetch;

  return { fetch: once, bodyOf: (response) => bodies.get(response) };
}
