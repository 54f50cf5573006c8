import type { Env } from "@/lib/platform";

/** Facts every surface states the same way. */
export { SERVICE_NAME } from "@/lib/catalog";
export const SERVICE_DESCRIPTION =
  "Pay-per-call AI text-to-video. POST a prompt, receive an HTTP 402 with an exact USDC price (x402 v2, scheme exact), pay with a wallet signature by repeating the same request, then poll the job until an MP4 is ready. No accounts, no API keys.";

export const FREE_ENDPOINTS = [
  {
    method: "GET",
    path: "/jobs/{id}",
    description: "Job status and, once succeeded, the signed video URL.",
  },
  {
    method: "GET",
    path: "/jobs/{id}/events",
    description: "Server-Sent Events of the job's changes, ending with the final job.",
  },
  {
    method: "DELETE",
    path: "/jobs/{id}",
    description: "Cancel a queued job, refunded (sign-in-with-x by the paying wallet).",
  },
  {
    method: "GET",
    path: "/jobs?payer={address}",
    description: "A wallet's own jobs, newest first (sign-in-with-x by that wallet).",
  },
  { method: "GET", path: "/status", description: "Live reliability statistics." },
  { method: "GET", path: "/", description: "This storefront (JSON; browsers get the web page)." },
  { method: "GET", path: "/llms.txt", description: "Plain-text storefront for agents." },
  {
    method: "GET",
    path: "/openapi.json",
    description: "OpenAPI 3.1 description with payment metadata.",
  },
  {
    method: "GET",
    path: "/.well-known/x402",
    description: "x402 discovery list: every paid resource's URL, with short instructions.",
  },
  {
    method: "GET",
    path: "/.well-known/did.json",
    description: "The service's DID document: the public key that signs offers and receipts.",
  },
] as const;

/** Two ways to make a paid POST safe to repeat, and when to use which (storefront, llms.txt, OpenAPI). */
export const IDEMPOTENCY_CHOICE = {
  idempotency_key:
    "Idempotency-Key header: use it from any HTTP client on the paid POST. A key belongs to the wallet that paid with it: a paid retry by that wallet (the same signed payment, or a fresh signature) with the same key and body returns the original JobCreated and is not charged again; the same key with another body gets 422; a key still in progress gets 409. Without a payment the key is not looked at (the usual 402), and another wallet using the same key makes a request of its own.",
  payment_identifier:
    "x402 payment-identifier (extensions['payment-identifier'].info.id in the PAYMENT-SIGNATURE payload, 16–128 characters of A–Z a–z 0–9 _ -; every 402 declares it): use it when your x402 client sets it or when you resend a signed payment after a lost response. The same id with the same signed payment and body returns the first answer, PAYMENT-RESPONSE included, with no second charge; the same id with another payment or body gets 409 payment_identifier_reused; an id still being processed is waited for briefly, then 409 payment_identifier_in_flight. A client that signs afresh for its retry makes a new payment, which the same id refuses (409, never charged): to retry through such a client, rely on Idempotency-Key.",
  both: "Both may be sent; each is checked on its own, and both live 24 hours.",
} as const;

/** Signed offers and receipts (x402 offer-receipt extension), as every discovery document states them. */
export const RECEIPT_FACTS = {
  extension: "offer-receipt",
  format: "jws",
  alg: "EdDSA",
  key: "/.well-known/did.json (did:web; the JWS header's kid names the verification method)",
  offers:
    "Every 402 carries extensions['offer-receipt'].info.offers: one signed offer per accepts[] entry (resourceUrl, scheme, network, asset, payTo, amount, validUntil).",
  receipts:
    "The paid 200 carries the signed receipt in its body (receipt) and in the PAYMENT-RESPONSE settlement (extensions['offer-receipt'].info.receipt); GET /jobs/{id} returns it too. Its payload: version, network, resourceUrl, payer, issuedAt, transaction, jobId, sku, amount (atomic units), asset, payTo.",
} as const;

export const CONTENT_POLICY = {
  hard_red_lines: [
    "minors: any depiction of children or teenagers",
    "real people: named real persons, likeness, face swaps, impersonation, deepfakes",
  ],
  rejected: [
    "sexually explicit content",
    "graphic violence",
    "--flag parameter directives inside the prompt (e.g. --ar 16:9)",
  ],
  screening:
    "Prompts are screened before payment; a rejected prompt is answered 403 and never charged.",
  languages_screened_locally: [
    "English",
    "Spanish",
    "French",
    "German",
    "Portuguese",
    "Italian",
    "Dutch",
    "Polish",
    "Russian",
    "Ukrainian",
    "Turkish",
    "Arabic",
    "Persian",
    "Hindi",
    "Indonesian",
    "Vietnamese",
    "Thai",
    "Chinese (simplified and traditional)",
    "Japanese",
    "Korean",
  ],
  local_screening:
    "The local screen enforces every category in the languages listed, in their own scripts and common inflections, plus the red lines in transliteration (Latin-script Russian, romaji, pinyin) and in mixed-language prompts; well-known people are recognised by name in Latin, Cyrillic, Han, kana, Hangul, Arabic and Devanagari script. It works from word lists: a prompt in another language, or a paraphrase no list holds, can pass it.",
  hosted_moderation:
    "When the operator configures a hosted moderation API, it reads every prompt the local screen allowed, in any language, and can add refusals for sexual content (including minors) and graphic violence; it never lifts a local refusal, and if it is unreachable the local verdict stands. It does not judge real people or --flag directives.",
  repeated_rejections:
    "Repeatedly rejected prompts block the client IP for a while (429, code ip_blocked).",
} as const;

const NETWORK_NAMES: Record<string, string> = {
  "eip155:8453": "Base",
  "eip155:84532": "Base Sepolia",
  "eip155:42161": "Arbitrum One",
  "eip155:137": "Polygon",
  "eip155:480": "World Chain",
  "eip155:143": "Monad",
};

export function networkName(network: string): string {
  return (
    NETWORK_NAMES[network] ??
    `Reel402 devnet (local anvil, chain id ${network.split(":")[1] ?? network})`
  );
}

export function paymentFacts(env: Env) {
  return {
    protocol: "x402",
    version: 2,
    scheme: "exact",
    currency: "USDC",
    network: env.network,
    asset: env.asset.address,
    asset_decimals: env.asset.decimals,
    eip712_domain: { name: env.asset.name, version: env.asset.version },
    pay_to: env.payTo,
    /** Every network USDC is accepted on, the one above first; the 402 quotes each at the same price. */
    networks: env.networks.map((n) => ({
      network: n.network,
      name: networkName(n.network),
      asset: n.asset.address,
      asset_decimals: n.asset.decimals,
      eip712_domain: { name: n.asset.name, version: n.asset.version },
      pay_to: n.payTo,
    })),
    request_header: "PAYMENT-SIGNATURE",
    challenge_header: "PAYMENT-REQUIRED",
    receipt_header: "PAYMENT-RESPONSE",
  };
}

export function limitFacts(env: Env) {
  const l = env.limits;
  return {
    posts_per_minute_per_ip: l.postsPerMinutePerIp,
    active_jobs_per_wallet: l.activeJobsPerWallet,
    max_body_bytes: l.maxBodyBytes,
    queue_capacity: l.queueCapacity,
    max_prompt_characters: 2000,
    abuse_block: {
      rejections: l.abuseBlock.rejections,
      window_seconds: l.abuseBlock.windowSeconds,
      block_seconds: l.abuseBlock.blockSeconds,
    },
  };
}
