import { type Lexicon, UNDER_18_NUMBERS, fromData } from "./types";
import data from "./data/id.json";

/**
 * Indonesian (and the Malay kanak-kanak; "budak", a child in Malay, is a slave in Indonesian and
 * is left out). "anak" is a child, but also the young of an animal (anak kucing, kitten) and part
 * of fixed phrases (anak sungai, a tributary; anak tangga, a stair step; anak perusahaan, a
 * subsidiary): those are exceptions.
 * "gadis" and "cewek" alone pass as "girl" does in English; "gadis kecil" is refused. "paus" is
 * also a whale, so the Pope is written "sri paus" or with the Vatican.
 */

const NUMBER_WORDS = data.words.numberWords;
const AGE_NUMBERS = [...UNDER_18_NUMBERS, ...NUMBER_WORDS];

const AGES = [
  `(umur|usia|berumur|berusia|umurnya|usianya|seumur) (${AGE_NUMBERS.join("|")}) (tahun|thn|th|tahunan|bulan)`,
  `(${AGE_NUMBERS.join("|")}) (tahun|thn) (yang|) (masih|) (sd|smp|sma|kelas)`, "(di bawah|dibawah|kurang dari) (umur|usia|) (18|delapan belas) (tahun|)",
  `(anak|bocah|gadis|cewek|cowok|remaja|putri|putra|siswi|siswa) (${AGE_NUMBERS.join("|")}) (tahun|thn|th|tahunan)`,
];

const ANIMALS = data.words.animals;

export const LEXICON: Lexicon = fromData(data, {
  ages: AGES,
  exceptions1: `(anak|bayi) (${ANIMALS.join("|")})`,
});
