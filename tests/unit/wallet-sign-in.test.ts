import assert from "node:assert/strict";
import { test } from "node:test";
import {
  createSIWxPayload,
  encodeSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
  type SIWxPayload,
} from "@x402/extensions/sign-in-with-x";
import { walletProofResponse } from "@/lib/api/wallet-proof-response";
import { devnetAccount } from "@/lib/devnet/accounts";
import { provenWallet, signInChallenge } from "@/lib/wallet-auth/sign-in";

const URL_ = "http://127.0.0.1:3000/jobs/6f1c1d4e-8a0b-4d55-9a57-3c9e2b1f0a11";
const account = devnetAccount(2);

async function proof(url = URL_, edit: (p: SIWxPayload) => SIWxPayload = (p) => p) {
  const challenge: SIWxExtension = signInChallenge(new Request(url));
  const chain = challenge.supportedChains[0];
  assert.ok(chain);
  const payload = await createSIWxPayload(
    { ...challenge.info, chainId: chain.chainId, type: chain.type },
    account,
    url,
  );
  return encodeSIWxHeader(edit(payload));
}

const signed = (header: string | null, url = URL_) =>
  new Request(url, { method: "DELETE", headers: header ? { [SIGN_IN_WITH_X]: header } : {} });

const ask = (header: string | null, url = URL_) => provenWallet(signed(header, url));

async function refusal(header: string | null, url = URL_) {
  const result = await ask(header, url);
  assert.equal(result.ok, false);
  if (result.ok) throw new Error("unreachable");
  const response = walletProofResponse(signed(header, url), result);
  const body = (await response.json()) as { code: string; extensions: object };
  assert.equal(response.status, 401);
  assert.ok(SIGN_IN_WITH_X in body.extensions, "every refusal carries a fresh challenge");
  return body.code;
}

test("a fresh proof for this origin and path names the signing wallet", async () => {
  const result = await ask(await proof());
  assert.deepEqual(result, { ok: true, address: account.address.toLowerCase() });
});

test("no proof, a forged signature, another path, another host or a stale proof is refused", async () => {
  assert.equal(await refusal(null), "signature_required");
  assert.equal(await refusal("not base64 json"), "signature_invalid");
  const forged = await proof(URL_, (p) => ({ ...p, address: devnetAccount(3).address }));
  assert.equal(await refusal(forged), "signature_invalid");
  const elsewhere = await proof("http://127.0.0.1:3000/jobs/00000000-0000-4000-8000-000000000000");
  assert.equal(await refusal(elsewhere), "signature_invalid");
  assert.equal(await refusal(await proof("http://evil.example/jobs/x")), "signature_invalid");
  const stale = await proof(URL_, (p) => ({
    ...p,
    issuedAt: new Date(Date.now() - 10 * 60_000).toISOString(),
  }));
  assert.equal(await refusal(stale), "signature_invalid");
});
