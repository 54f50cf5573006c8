/**
 * Aliases beside data/real-people.txt, same line format (the usual full name first): the
 * transliterations people type for names already on the list (romaji, pinyin, Latin-script
 * Russian, other spellings and case forms) and a few well-known people it lacks. Names that are
 * also ordinary words stay out ("Toranpu" is playing cards in Japanese, "Hadise" an incident in
 * Turkish, "Doda" a Polish verb). A leading "^" marks a name made of ordinary words, which
 * only counts written with capitals ("Bad Bunny", not "a bad bunny").
 */
export const NAME_SUPPLEMENT: readonly string[] = [
  "Donald Trump|Donarudo Toranpu|Telangpu|Te Langpu|Chuanpu",
  "Joe Biden|Jo Baiden|Baiden|Baideng",
  "Vladimir Putin|Pujing|Puuchin|Vurajiimiru Puuchin",
  "Elon Musk|Iiron Masuku|Yilong Masike|Masike",
  "Shohei Ohtani|Ootani Shouhei|Ootani Shohei|Ohtani Shouhei|Ootani",
  "Takuya Kimura|Kimura Takuya|Kimutaku",
  "Yuzuru Hanyu|Hanyuu Yuzuru|Hanyu Yuzuru",
  "Philipp Kirkorov|Filipp Kirkorov|Kirkorov|Kirkorova",
  "Konstantin Khabensky|Khabensky|Khabenskiy|Khabenskii|Khabenskogo|Константин Хабенский|Хабенский|Хабенского|Хабенскому|Хабенским",
  "Johan Cruyff|Johan Cruijff|Cruijff",
  "Rafał Trzaskowski|Trzaskowskim|Trzaskowskiego|Trzaskowskiemu",
  "Sukarno|Soekarno|Bung Karno",
  "Jeremy Lin|林書豪|林书豪",
  "Vasco Rossi",
  "André Hazes|Andre Hazes",
  "Atiwara Kongmalai|ตูน บอดี้สแลม|ตูนบอดี้สแลม",
  "^Bad Bunny",
  "^Mỹ Tâm",
];
