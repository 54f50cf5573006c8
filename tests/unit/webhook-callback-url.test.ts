import assert from "node:assert/strict";
import { test } from "node:test";
import { type CallbackPolicy, vetCallbackUrl } from "@/lib/notify/webhooks/callback-url";

// DNS is the outside world: each name answers what the test says.
const DNS: Record<string, string[]> = {
  "hooks.example.com": ["93.184.216.34"],
  "intranet.example.com": ["10.0.0.5"],
  "mixed.example.com": ["93.184.216.34", "127.0.0.1"],
  "metadata.example.com": ["169.254.169.254"],
  "v6.example.com": ["2606:4700::1111"],
  "ula.example.com": ["fd00::1"],
};
const resolve: CallbackPolicy["resolve"] = async (host) => {
  const answers = DNS[host];
  if (!answers) throw new Error("ENOTFOUND");
  return answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
};
const strict: CallbackPolicy = { allowPrivate: false, resolve };
const allowing: CallbackPolicy = { allowPrivate: true, resolve };

test("a public https URL is accepted and pinned to its resolved address", async () => {
  const v = await vetCallbackUrl("https://hooks.example.com/reel402?x=1", strict);
  assert.ok(v.ok);
  assert.equal(v.target.address, "93.184.216.34");
  assert.equal(v.target.url.toString(), "https://hooks.example.com/reel402?x=1");
  assert.ok((await vetCallbackUrl("https://v6.example.com/", strict)).ok);
});

test("loopback, private, link-local and metadata addresses are refused, by literal or by name", async () => {
  for (const url of [
    "https://127.0.0.1/hook",
    "https://[::1]/hook",
    "https://10.1.2.3/hook",
    "https://192.168.1.1/hook",
    "https://169.254.169.254/latest",
    "https://[fe80::1]/hook",
    "https://[::ffff:127.0.0.1]/hook",
    "https://intranet.example.com/hook",
    "https://metadata.example.com/hook",
    "https://ula.example.com/hook",
    "https://mixed.example.com/hook",
  ]) {
    const v = await vetCallbackUrl(url, strict);
    assert.equal(v.ok, false, url);
    if (!v.ok) assert.match(v.why, /private, loopback or link-local/, url);
  }
});

test("http, credentials, fragments, junk, unresolvable names and overlong URLs are refused", async () => {
  const cases: [string, RegExp][] = [
    ["http://hooks.example.com/hook", /https/],
    ["https://user:pw@hooks.example.com/hook", /credentials/],
    ["https://hooks.example.com/hook#frag", /fragment/],
    ["ftp://hooks.example.com/hook", /https/],
    ["not a url", /absolute URL/],
    ["https://nowhere.example.com/hook", /does not resolve/],
    [`https://hooks.example.com/${"a".repeat(2100)}`, /longer than 2048/],
  ];
  for (const [url, why] of cases) {
    const v = await vetCallbackUrl(url, strict);
    assert.equal(v.ok, false, url);
    if (!v.ok) assert.match(v.why, why, url);
  }
});

test("the operator's allowance admits http and private addresses, never credentials", async () => {
  const local = await vetCallbackUrl("http://127.0.0.1:8123/hook", allowing);
  assert.ok(local.ok);
  assert.equal(local.target.address, "127.0.0.1");
  assert.ok((await vetCallbackUrl("https://intranet.example.com/hook", allowing)).ok);
  assert.equal((await vetCallbackUrl("http://u:p@127.0.0.1/hook", allowing)).ok, false);
});
