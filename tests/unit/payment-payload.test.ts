import assert from "node:assert/strict";
import { test } from "node:test";
import { encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentRequirements } from "@x402/core/types";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describeError } from "@/lib/platform/errors/describe-error";
import { authorizationProblem, decodePayment } from "@/lib/money/payments/authorization";
import { isJsonContentType } from "@/lib/catalog/requests/content-type";

const header = (v: unknown) => encodePaymentSignatureHeader(v as never);
const PAY_TO = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const NOW = new Date("2026-01-01T00:00:00Z");
const now = BigInt(NOW.getTime() / 1000);
const authorization = {
  from: `0x${"ab".repeat(20)}`,
  to: PAY_TO,
  value: "960000",
  validAfter: "0",
  validBefore: String(now + 300n),
  nonce: `0x${"cd".repeat(32)}`,
};
const valid = {
  x402Version: 2,
  accepted: { scheme: "exact" },
  payload: { signature: `0x${"ef".repeat(65)}`, authorization },
};
const matched = {
  scheme: "exact",
  network: "eip155:31337",
  asset: `0x${"12".repeat(20)}`,
  amount: "960000",
  payTo: PAY_TO,
  maxTimeoutSeconds: 300,
  extra: {},
} as PaymentRequirements;

test("a malformed PAYMENT-SIGNATURE names the part at fault", () => {
  const cases: [string, string][] = [
    ["not base64!", "PAYMENT-SIGNATURE"],
    [header({}), "x402Version"],
    [header([]), "PAYMENT-SIGNATURE"],
    [header(null), "PAYMENT-SIGNATURE"],
    [header(123), "PAYMENT-SIGNATURE"],
    [header({ ...valid, x402Version: 1 }), "x402Version"],
    [header({ ...valid, x402Version: "2" }), "x402Version"],
    [header({ ...valid, accepted: null }), "accepted"],
    [header({ ...valid, payload: null }), "payload"],
    [header({ ...valid, payload: { authorization } }), "payload.signature"],
    [header({ ...valid, payload: { ...valid.payload, signature: "0x1234" } }), "payload.signature"],
    [
      header({
        ...valid,
        payload: { signature: valid.payload.signature, permit2Authorization: {} },
      }),
      "payload.authorization",
    ],
    [
      header({
        ...valid,
        payload: { ...valid.payload, authorization: { ...authorization, validBefore: "-1" } },
      }),
      "payload.authorization.validBefore",
    ],
    [
      header({
        ...valid,
        payload: { ...valid.payload, authorization: { ...authorization, nonce: "0x12" } },
      }),
      "payload.authorization.nonce",
    ],
    [
      header({
        ...valid,
        payload: { ...valid.payload, authorization: { ...authorization, value: 1.5 } },
      }),
      "payload.authorization.value",
    ],
  ];
  for (const [h, part] of cases) {
    const r = decodePayment(h);
    assert.equal(r.ok, false, part);
    if (!r.ok) assert.equal(r.part, part, h.slice(0, 40));
  }
  const ok = decodePayment(header(valid));
  assert.ok(ok.ok);
  if (ok.ok) assert.equal(ok.auth.validBefore, now + 300n);
});

test("an authorization must pay the quoted address and amount within the advertised window", () => {
  const auth = (o: Partial<typeof authorization>) => {
    const r = decodePayment(
      header({
        ...valid,
        payload: { ...valid.payload, authorization: { ...authorization, ...o } },
      }),
    );
    assert.ok(r.ok);
    return r.auth;
  };
  const problem = (o: Partial<typeof authorization>) =>
    authorizationProblem(auth(o), matched, NOW)?.part ?? null;
  assert.equal(problem({}), null);
  assert.equal(problem({ validBefore: String(now + 330n) }), null, "30 s of clock skew");
  assert.equal(problem({ validBefore: String(now + 331n) }), "payload.authorization.validBefore");
  assert.equal(problem({ validBefore: String(2n ** 63n) }), "payload.authorization.validBefore");
  assert.equal(problem({ validBefore: String(now) }), "payload.authorization.validBefore");
  assert.equal(problem({ validAfter: String(now + 30n) }), null);
  assert.equal(problem({ validAfter: String(now + 31n) }), "payload.authorization.validAfter");
  assert.equal(problem({ to: `0x${"99".repeat(20)}` }), "payload.authorization.to");
  assert.equal(problem({ value: "959999" }), "payload.authorization.value");
});

test("only application/json bodies (UTF-8) are read", () => {
  for (const h of [
    "application/json",
    "Application/JSON",
    "application/json; charset=utf-8",
    'application/json;charset="UTF-8"',
  ])
    assert.ok(isJsonContentType(h), h);
  for (const h of [
    null,
    "",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/jsonx",
    "application/json; charset=iso-8859-1",
  ]) {
    assert.equal(isJsonContentType(h), false, String(h));
  }
});

test("an error's log line names it without its message, query or parameters", () => {
  const pg = Object.assign(
    new Error('value "9223372036854775808" is out of range for type bigint'),
    { name: "PostgresError", code: "22003" },
  );
  const error = new DrizzleQueryError(
    'insert into "payments" values ($1)',
    ["0xsecret-signature", { payload: "signed" }],
    pg,
  );
  const line = describeError(error);
  assert.match(line, /^DrizzleQueryError <- PostgresError \(22003\)/);
  assert.doesNotMatch(line, /secret|signed|insert|9223372036854775808/);
});
