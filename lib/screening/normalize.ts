/** Undoes the usual disguises before matching: case, accents, look-alikes, leetspeak, spacing. */

const INVISIBLE = /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff]/g;

// Cyrillic and Greek letters that render like Latin ones.
const HOMOGLYPHS: Record<string, string> = {
  а: "a", в: "b", с: "c", ԁ: "d", е: "e", ё: "e", һ: "h", і: "i", ї: "i", ј: "j", к: "k", м: "m", н: "h", о: "o", р: "p", ѕ: "s", т: "t", у: "y", х: "x", ь: "b",
  ᴀ: "a", ʙ: "b", ᴄ: "c", ᴅ: "d", ᴇ: "e", ɢ: "g", ʜ: "h", ɪ: "i", ᴊ: "j", ᴋ: "k", ʟ: "l", ᴍ: "m", ɴ: "n", ᴏ: "o", ᴘ: "p", ʀ: "r", ꜱ: "s", ᴛ: "t", ᴜ: "u", ᴠ: "v", ᴡ: "w", ʏ: "y", ᴢ: "z",
  α: "a", β: "b", ε: "e", η: "n", ι: "i", κ: "k", ν: "v", ο: "o", ρ: "p", τ: "t", υ: "u", χ: "x", ω: "w",
};

const LOOKALIKE = new RegExp(`[${Object.keys(HOMOGLYPHS).join("")}]`, "gu");

const LEET: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", $: "s", "!": "i", "|": "l", "+": "t" };

/** Lower case, NFKC, no accents, no invisible characters, look-alikes mapped to Latin. */
export function plain(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(INVISIBLE, "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(LOOKALIKE, (c) => HOMOGLYPHS[c] ?? c);
}

/** Letters spelled out one by one ("n u d e", "n.u.d.e", "n-u-d-e") joined back into words. */
function joinSpelled(text: string): string {
  return text.replace(/\b(?:[a-z0-9@$](?:[\s.\-_*]+|$)){3,}/g, (run) => `${run.replace(/[\s.\-_*]+/g, "")} `);
}

/** The de-obfuscated form: leetspeak undone and spelled-out letters joined. */
export function deobfuscate(plainText: string): string {
  const joined = joinSpelled(plainText);
  return joined.replace(/[a-z]*[0-9@$!|+][a-z0-9@$!|+]*/g, (token) => (/[a-z]/.test(token) ? token.replace(/[0-9@$!|+]/g, (c) => LEET[c] ?? c) : token));
}

/** Words only, single-spaced, for whole-word phrase matching. */
export function words(text: string): string {
  return ` ${text.replace(/[^a-z0-9']+/g, " ").replace(/'/g, "").trim()} `;
}
