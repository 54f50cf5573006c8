import { type Lexicon, UNDER_18, fromData } from "./types";
import data from "./data/ru-latn.json";

/**
 * Russian written in Latin letters, as people type it without a Cyrillic keyboard ("golaya
 * devochka", "rebenok"). Transliteration varies (ya/ia/ja, y/i/j, kh/h, zh, shch/sch), so the
 * common spellings are listed side by side. The red lines come first; the other categories
 * carry the words people most often transliterate. Stems only where no English word starts
 * the same way ("deti" is listed whole, never "det*": detail, detective).
 */


export const LEXICON: Lexicon = fromData(data, {
  minors1: `(${UNDER_18}) (letnii|letniy|letnij|letnyaya|letniaia|letnjaja|letnee|letnie|letnego|letnyuyu|letney|letnei|letka)`,
  minors2: `(emu|ei|ej|yei|yey) (${UNDER_18}) (let|goda|god)`,
  minors3: `v vozraste (${UNDER_18}) (let|goda)`,
});
