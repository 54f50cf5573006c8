import assert from "node:assert/strict";
import { test } from "node:test";
import type { Token } from "@/lib/screening/normalize";
import { markPhrases, type Phrase, PhraseIndex } from "@/lib/screening/phrase-index";

// Tokens written by hand: "|" before a word marks a clause break, "word/stem" gives its stem.
const tokens = (text: string): Token[] =>
  text.split(" ").map((raw) => {
    const brk = raw.startsWith("|");
    const [w, stem] = (brk ? raw.slice(1) : raw).split("/") as [string, string | undefined];
    return stem === undefined
      ? { w, cap: false, brk, pos: false }
      : { w, cap: false, brk, pos: false, stem };
  });

const at = <T>(index: PhraseIndex<T>, text: string, i: number, sameClause = false): string[] => {
  const out: Phrase<T>[] = [];
  const n = index.collect(tokens(text), i, sameClause, out);
  return out.slice(0, n).map((p) => `${p.words.join(" ")}=${String(p.tag)}`);
};

test("phrases match whole words, by prefix where a word ends in *, in the order they were added", () => {
  const index = new PhraseIndex<string>();
  index.add(["cut"], "a");
  index.add(["cut", "throat"], "b");
  index.add(["cut", "th*"], "c");
  index.add(["cut", "t*"], "d");
  index.add(["cut"], "e");
  index.add(["mutilat*"], "f");
  index.add(["mutilat*", "body"], "g");
  index.add(["cut", "throat", "wide"], "h");

  assert.deepEqual(at(index, "cut throat wide", 0), [
    "cut=a",
    "cut=e",
    "cut throat=b",
    "cut throat wide=h",
    "cut th*=c",
    "cut t*=d",
  ]);
  assert.deepEqual(at(index, "cut thin", 0), ["cut=a", "cut=e", "cut th*=c", "cut t*=d"]);
  assert.deepEqual(at(index, "cut bread", 0), ["cut=a", "cut=e"]);
  assert.deepEqual(at(index, "mutilated body", 0), ["mutilat*=f", "mutilat* body=g"]);
  assert.deepEqual(at(index, "mutila body", 0), []);
  assert.deepEqual(at(index, "a cutter", 1), []);
  assert.deepEqual(at(index, "cut", 5), []);
});

test("a phrase may not straddle a clause break when asked, and a word's stem matches as the word", () => {
  const index = new PhraseIndex<string>(2);
  index.add(["tiger", "woods"], "person");
  index.add(["총살*"], "violence");
  index.add(["아이", "죽*"], "minors");
  assert.deepEqual(at(index, "tiger |woods", 0, true), []);
  assert.deepEqual(at(index, "tiger |woods", 0, false), ["tiger woods=person"]);
  assert.deepEqual(at(index, "총살을/총살", 0), ["총살*=violence"]);
  assert.deepEqual(at(index, "아이가/아이 죽였다", 0), ["아이 죽*=minors"]);
  assert.deepEqual(at(index, "x tiger woods/wood", 1), ["tiger woods=person"]);
  // The second word read by its stem when the word itself leads nowhere.
  index.add(["tiger", "wood"], "stem");
  assert.deepEqual(at(index, "tiger forest/wood", 0), ["tiger wood=stem"]);
});

test("knows every whole word and every prefix, but not a * pattern as a word", () => {
  const index = new PhraseIndex<true>();
  index.add(["blood", "soak*"], true);
  assert.equal(index.knows("blood"), true);
  assert.equal(index.knows("soaked"), true);
  assert.equal(index.knows("soak*"), true, "a word with the prefix, star included");
  assert.equal(index.knows("so"), false);
  assert.equal(index.knows("bloody"), false);
  assert.equal(index.size, 1);
});

test("single gives the one-word phrases of a word; a later add is found after a query", () => {
  const index = new PhraseIndex<string>();
  index.addEntry("(kid|kids) (alone|)", "minors");
  assert.deepEqual(
    index.single("kids").map((p) => p.tag),
    ["minors"],
  );
  assert.deepEqual(at(index, "kids alone", 0), ["kids=minors", "kids alone=minors"]);
  assert.deepEqual(
    index.single("kidsalone").map((p) => p.tag),
    ["minors"],
  );
  index.addEntry("ax cut", "short");
  assert.deepEqual(index.single("axcut"), [], "run together only from six letters on");
  index.addEntry("child alone", "later");
  assert.deepEqual(at(index, "childalone", 0), ["childalone=later"]);
  assert.deepEqual(index.single("nobody"), []);
});

test("a stem shorter than the index allows is refused and leaves nothing behind", () => {
  const index = new PhraseIndex<string>();
  assert.throws(() => index.add(["ki*", "alone"], "x"), /stem too short/);
  assert.equal(index.size, 0);
  assert.equal(index.knows("alone"), false);
  assert.equal(index.knows("kid"), false);
  assert.deepEqual(at(index, "kid alone", 0), []);
  assert.throws(() => new PhraseIndex(1), /two characters/);
});

test("markPhrases covers every word of a matched phrase", () => {
  const index = new PhraseIndex<true>();
  index.add(["prince", "william", "sound"], true);
  const covered = markPhrases(
    index,
    tokens("boats on prince william sound today"),
    new Uint8Array(6),
  );
  assert.deepEqual([...covered], [0, 0, 1, 1, 1, 0]);
});
