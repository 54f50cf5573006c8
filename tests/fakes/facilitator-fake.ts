import { type FakeServer, json, startFakeServer } from "./fake-server";

/** A hosted facilitator stand-in answering the HTTP facilitator protocol's GET /supported for the given networks. */
export function startFacilitatorFake(networks: string[]): Promise<FakeServer> {
  return startFakeServer((req, res) =>
    req.method === "GET" && req.path === "/supported"
      ? json(res, 200, {
          kinds: networks.map((network) => ({ x402Version: 2, scheme: "exact", network })),
          extensions: [],
          signers: {},
        })
      : json(res, 404, { error: "not found" }),
  );
}
