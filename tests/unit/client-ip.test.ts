import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { clientIp, limitAddress } from "@/lib/platform/limits/client-ip";

const headers = (h: Record<string, string>) => new Headers(h);

describe("the address a client is counted under", () => {
  test("garbage, empty and near-miss values are not addresses", () => {
    for (const raw of [
      "",
      "   ",
      "unknown",
      "evil-$(random)",
      "1.2.3",
      "1.2.3.4.5",
      "256.1.1.1",
      "1.2.3.4:99999",
      "::g",
      "1::2::3",
      "1:2:3:4:5:6:7:8:9",
      "[1.2.3.4",
      "[::1]]",
      "x".repeat(500),
      "2001:db8::1/64",
      "<script>",
    ])
      assert.equal(limitAddress(raw), null, raw);
  });

  test("IPv4 as is, with a port or whitespace stripped", () => {
    assert.equal(limitAddress("203.0.113.7"), "203.0.113.7");
    assert.equal(limitAddress(" 203.0.113.7 "), "203.0.113.7");
    assert.equal(limitAddress("203.0.113.7:54321"), "203.0.113.7");
  });

  test("IPv4-mapped IPv6 counts as the IPv4 address, in either spelling", () => {
    assert.equal(limitAddress("::ffff:203.0.113.7"), "203.0.113.7");
    assert.equal(limitAddress("::FFFF:cb00:7107"), "203.0.113.7");
    assert.equal(limitAddress("[::ffff:203.0.113.7]:443"), "203.0.113.7");
  });

  test("IPv6 is grouped by /64, however it is written", () => {
    const group = "2001:db8:1:2::/64";
    for (const raw of [
      "2001:db8:1:2::1",
      "2001:0db8:0001:0002:ffff:ffff:ffff:ffff",
      "2001:DB8:1:2:abcd::",
      "[2001:db8:1:2::99]",
      "[2001:db8:1:2::99]:8080",
      "fe80::1%eth0".replace("fe80::1", "2001:db8:1:2::7"),
      "2001:db8:1:2::1.2.3.4",
    ])
      assert.equal(limitAddress(raw), group, raw);
    assert.notEqual(limitAddress("2001:db8:1:3::1"), group);
    assert.equal(limitAddress("::1"), "0:0:0:0::/64");
    assert.equal(limitAddress("fe80::1%25eth0"), "fe80:0:0:0::/64");
  });

  test("X-Forwarded-For is read only behind a trusted proxy, and only when it is an address", () => {
    const peer = "198.51.100.9";
    const h = (xff: string) => headers({ "x-forwarded-for": xff, "x-reel402-peer": peer });
    assert.equal(clientIp(h("203.0.113.7, 10.0.0.1"), true), "203.0.113.7");
    assert.equal(clientIp(h("203.0.113.7"), false), peer);
    assert.equal(clientIp(h("not-an-ip, 203.0.113.7"), true), peer);
    assert.equal(clientIp(h(`random-${Math.random()}`), true), peer);
    assert.equal(clientIp(h(""), true), peer);
    assert.equal(clientIp(h("2001:db8:aa:bb::1"), true), "2001:db8:aa:bb::/64");
    assert.equal(clientIp(headers({ "x-reel402-peer": "::ffff:127.0.0.1" }), false), "127.0.0.1");
    assert.equal(clientIp(headers({}), true), "unknown");
  });
});
