import type { Lexicon } from "./types";

/**
 * Every language's share of the content policy beyond English (English lives in ../terms.ts).
 * A language is screened once its lexicon is listed here.
 */
export const LEXICONS: readonly Lexicon[] = [];
